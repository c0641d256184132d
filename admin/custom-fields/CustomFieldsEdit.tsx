/**
 * Custom fields (Eras, Styles, Rooms …): each a facet items carry, with its options. Fields and
 * options are added, renamed and reordered (drag or keyboard); a new one's slug follows its
 * name. Repeated names or slugs are flagged as they are typed (the rule the server runs too).
 */
import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SimpleForm, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { itemSchema, propertySchema } from '../../schema/schema-walk';
import { Expandable } from '../components/Expandable';
import { NameSlugInputs } from '../components/NameSlugInputs';
import { RecordEdit, RecordToolbar } from '../components/RecordEdit';
import { SortableList } from '../components/SortableList';
import { fieldsOf, withoutEmptyValues, type FieldSpec } from '../schema-form/fields';
import { siteList } from '../schema-form/list-schema';
import { ruleValidator } from '../schema-form/rule-validator';

const customFields = siteList('customFields');
const optionsSchema = propertySchema(customFields.row, 'options')!;
const bySource = (fields: FieldSpec[]) => Object.fromEntries(fields.map((field) => [field.source, field]));
const fieldInputs = bySource(fieldsOf(customFields.row));
const optionInputs = bySource(fieldsOf(itemSchema(optionsSchema)!));
const unique = ruleValidator({
  rules: ['unique-sibling-names'],
  listPointer: '/customFields',
  partsOf: (values) => ({ site: { customFields: values.items } as never }),
});
const nameOf = (row: Record<string, unknown>) => (typeof row.name === 'string' ? row.name : '');

/** A field's options, folded to "10 options: 1940s Golden Age, 1950s …" until opened. */
function OptionsSummary({ rowSource, children }: { rowSource: string; children: ReactNode }) {
  const row =
    (useWatch({ name: rowSource }) as { name?: string; options?: Array<{ name?: string }> } | undefined) ?? {};
  const options = row.options ?? [];
  const names = options.map((option) => option.name).filter(Boolean);
  const summary = options.length
    ? `${options.length} ${options.length === 1 ? 'option' : 'options'}: ${names.slice(0, 4).join(', ')}${names.length > 4 ? ' …' : ''}`
    : 'No options yet';
  return (
    <Expandable
      label={`the options of ${row.name || 'this field'}`}
      summary={summary}
      errorPath={`${rowSource}.options`}
    >
      {children}
    </Expandable>
  );
}

/** The custom fields of a form whose `items` are the customFields list. */
export function CustomFieldRows() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {customFields.description}
      </Typography>
      <SortableList
        source="items"
        noun="custom field"
        max={customFields.max}
        emptyText={translate('backlot.customFields.empty')}
        newRow={() => ({ name: '', slug: '', options: [{ name: '', slug: '' }] })}
        rowName={nameOf}
        renderRow={(rowSource) => (
          <>
            <NameSlugInputs
              rowSource={rowSource}
              name={fieldInputs.name!}
              slug={fieldInputs.slug!}
              extraValidators={[unique]}
            />
            <OptionsSummary rowSource={rowSource}>
              <SortableList
                source={`${rowSource}.options`}
                noun="option"
                dense
                max={optionsSchema.schema.maxItems as number}
                emptyText={translate('backlot.customFields.noOptions')}
                newRow={() => ({ name: '', slug: '' })}
                rowName={nameOf}
                renderRow={(optionSource) => (
                  <NameSlugInputs
                    rowSource={optionSource}
                    name={optionInputs.name!}
                    slug={optionInputs.slug!}
                    extraValidators={[unique]}
                  />
                )}
              />
            </OptionsSummary>
          </>
        )}
      />
    </>
  );
}

export function CustomFieldsEdit() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  return (
    <RecordEdit
      resource={`tenants/${tenantId}/custom-fields`}
      id="customFields"
      transform={withoutEmptyValues}
      title={translate('backlot.customFields.title', { tenant: tenantId })}
    >
      <SimpleForm toolbar={<RecordToolbar />} warnWhenUnsavedChanges mode="onChange">
        <CustomFieldRows />
      </SimpleForm>
    </RecordEdit>
  );
}
