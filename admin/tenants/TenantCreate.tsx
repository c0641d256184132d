/**
 * A new tenant (platform staff): the same scaffold as `backlot new`, from its id, name and
 * domain (checked against the same shared definitions the CLI and the API use), optionally
 * copying the links, colours, facets, categories and constants of an existing tenant. It opens
 * on its branding once made.
 */
import { Create, SelectInput, SimpleForm, useGetList, useTranslate } from 'react-admin';
import { schemaDocuments } from '../../schema/documents';
import { resolveRef } from '../../schema/schema-walk';
import { scalarField, type FieldSpec } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';

const definition = (name: string, source: string, label: string, required: boolean): FieldSpec => ({
  ...scalarField(resolveRef(`#/$defs/${name}`, schemaDocuments.defs), source, { required })!,
  label,
});

const FIELDS: FieldSpec[] = [
  definition('tenantId', 'id', 'Tenant id', true),
  {
    ...definition('label', 'name', 'Business name', true),
    help: 'What visitors see: the app title and the vendor’s name to begin with.',
  },
  definition('hostname', 'domain', 'Domain', true),
  {
    ...definition('email', 'email', 'Contact email', false),
    help: 'Where visitors’ requests go; you can change it later on the Vendor page.',
  },
];

export function TenantCreate() {
  const translate = useTranslate();
  const { data: tenants = [] } = useGetList<{ id: string; displayName?: string }>('tenants', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <Create redirect={(_resource, id) => `t/${id}/site`} title={translate('backlot.tenants.create')}>
      <SimpleForm warnWhenUnsavedChanges sx={{ maxWidth: 640 }}>
        {FIELDS.map((field) => (
          <SchemaInput key={field.source} field={field} />
        ))}
        <SelectInput
          source="from"
          label={translate('backlot.tenants.from')}
          helperText={translate('backlot.tenants.fromHelp')}
          choices={tenants.map((tenant) => ({
            id: tenant.id,
            name: tenant.displayName ? `${tenant.displayName} (${tenant.id})` : tenant.id,
          }))}
          emptyText={translate('backlot.tenants.blank')}
          fullWidth
        />
      </SimpleForm>
    </Create>
  );
}
