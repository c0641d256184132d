/**
 * An item's form, for adding and editing: every plain setting from the item schema (labels, help
 * and bounds from it: schema-form/fields.ts), and the parts that choose from the tenant as selects
 * (the category path, colours, each custom field's options), tags as words, a kit's components
 * (KitInputs.tsx), photos as rows, each with its thumbnail, its address typed or filled by
 * uploading a file (ItemPhotoInputs.tsx).
 */
import { red } from '@mui/material/colors';
import {
  ArrayInput,
  DeleteButton,
  required,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import { RecordToolbar } from '../components/RecordEdit';
import { useWatch } from 'react-hook-form';
import { withDefaults } from '../../schema/defaults';
import { rootSchema } from '../../schema/schema-walk';
import { fieldsOf } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';
import { ItemPhotoInputs } from './ItemPhotoInputs';
import { InspectionInputs } from './InspectionInputs';
import { KitInputs } from './KitInputs';
import { StoreStockInputs } from './StoreStockInputs';
import { useTenantChoices } from './useTenantChoices';

// A kit and the tests are lists the generic fields do not draw: edited by their own inputs.
const fields = fieldsOf(rootSchema('item'), {
  skip: ['objectID', 'category', 'vendorId', '_geoloc', 'createdAt', 'updatedAt', 'kit', 'inspections', 'storeStock'],
});
const objectIdField = fieldsOf(rootSchema('item')).find((field) => field.source === 'objectID')!;

/** Tags typed as words separated by commas, kept as slugs. */
const tagsFormat = (tags: string[] | undefined) => (tags ?? []).join(', ');
const tagsParse = (text: string) =>
  [
    ...new Set(
      text.split(',').map((tag) =>
        tag
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, ''),
      ),
    ),
  ].filter(Boolean);

function CategoryInputs({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const { groups, groupChoices } = useTenantChoices(tenantId);
  const groupSlug = useWatch({ name: 'category.group' }) as string | undefined;
  const categorySlug = useWatch({ name: 'category.category' }) as string | undefined;
  const group = groups.find((candidate) => candidate.slug === groupSlug);
  const category = group?.categories.find((candidate) => candidate.slug === categorySlug);
  return (
    <>
      <SelectInput
        source="category.group"
        label={translate('backlot.items.group')}
        choices={groupChoices}
        validate={required()}
      />
      <SelectInput
        source="category.category"
        label={translate('backlot.items.category')}
        choices={(group?.categories ?? []).map((c) => ({ id: c.slug, name: c.name }))}
        validate={required()}
        disabled={!group}
      />
      <SelectInput
        source="category.subcategory"
        label={translate('backlot.items.subcategory')}
        choices={(category?.subcategories ?? []).map((s) => ({ id: s.slug, name: s.name }))}
        disabled={!category?.subcategories?.length}
        emptyText={translate('backlot.items.noSubcategory')}
      />
    </>
  );
}

/**
 * The console's record toolbar (Save, and the conflict dialog of a stale save), with Delete on an
 * item that exists, red enough to read on the toolbar's grey.
 */
const toolbarOf = (isNew: boolean, tenantId: string) => (
  <RecordToolbar>
    {!isNew && (
      <DeleteButton mutationMode="pessimistic" redirect={`/t/${tenantId}/items`} sx={{ color: red[900], ml: 'auto' }} />
    )}
  </RecordToolbar>
);

export function ItemForm({ tenantId, isNew }: { tenantId: string; isNew: boolean }) {
  const translate = useTranslate();
  const { colourChoices, customFields } = useTenantChoices(tenantId);
  return (
    // A new item starts from the schema's defaults (one in stock, no tags …), the tenant as its vendor.
    <SimpleForm
      toolbar={toolbarOf(isNew, tenantId)}
      warnWhenUnsavedChanges
      sx={{ maxWidth: 880 }}
      {...(isNew && { defaultValues: withDefaults('item', { vendorId: tenantId }) })}
    >
      <SchemaInput field={objectIdField} readOnly={!isNew} />
      {fields.map((field) => (
        <SchemaInput key={field.source} field={field} />
      ))}
      <CategoryInputs tenantId={tenantId} />
      <SelectArrayInput source="colors" label={translate('backlot.items.colours')} choices={colourChoices} />
      {customFields.map((field) => (
        <SelectArrayInput
          key={field.slug}
          source={`customFields.${field.slug}`}
          label={field.name}
          choices={field.options.map((option) => ({ id: option.slug, name: option.name }))}
        />
      ))}
      <TextInput
        source="tags"
        label={translate('backlot.items.tags')}
        helperText={translate('backlot.items.tagsHelp')}
        format={tagsFormat}
        parse={tagsParse}
        fullWidth
      />
      <StoreStockInputs tenantId={tenantId} />
      <KitInputs tenantId={tenantId} />
      <InspectionInputs tenantId={tenantId} />
      <ArrayInput source="images" label={translate('backlot.items.photos')}>
        {/* A row's move and remove buttons show on hover (react-admin's way), and here too while focus is in the row, so they are reached by keyboard. */}
        <SimpleFormIterator
          sx={{ '& .RaSimpleFormIterator-line:focus-within > .RaSimpleFormIterator-action': { visibility: 'visible' } }}
        >
          <ItemPhotoInputs tenantId={tenantId} />
        </SimpleFormIterator>
      </ArrayInput>
    </SimpleForm>
  );
}
