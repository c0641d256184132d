/**
 * An item's tests, in its form, or a category's for every item in it (the category tree): each a
 * row of the item schema's inspection rule (its id, name, every so many days or hires, from
 * schema-form/fields.ts) with its checklist as lines of their own. A unit of the item is then
 * refused at scan-out when a test falls due before the hire ends.
 */
import { Typography } from '@mui/material';
import { ArrayInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { inspectionRulesOf, rulesSaid, type InspectionRule } from '../../schema/rental/inspections';
import type { CategoryPath } from '../../schema/types.generated';
import { itemSchema, propertySchema, rootSchema } from '../../schema/schema-walk';
import { fieldsOf } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';
import { useTenantChoices } from './useTenantChoices';

const inspections = propertySchema(rootSchema('item'), 'inspections')!;
const ruleFields = fieldsOf(itemSchema(inspections)!).filter((field) => field.source !== 'checklist');

/** The rules' rows at `source` (an item's `inspections`, or a category's in the tree). */
export function InspectionRows({ source }: { source: string }) {
  const translate = useTranslate();
  return (
    <ArrayInput source={source} label={false}>
      <SimpleFormIterator
        sx={{ '& .RaSimpleFormIterator-line:focus-within > .RaSimpleFormIterator-action': { visibility: 'visible' } }}
      >
        {ruleFields.map((field) => (
          <SchemaInput key={field.source} field={field} />
        ))}
        <ArrayInput source="checklist" label={translate('backlot.items.checklist')}>
          <SimpleFormIterator inline disableReordering>
            <TextInput
              source=""
              label={translate('backlot.items.check')}
              sx={{ minWidth: 320 }}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** The tests the item's category sets and the item does not set itself: "Its category also tests: PAT every 365 days". */
function CategoryTestsLine({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const { groups } = useTenantChoices(tenantId);
  const category = useWatch({ name: 'category' }) as CategoryPath | undefined;
  const own = (useWatch({ name: 'inspections' }) as InspectionRule[] | undefined) ?? [];
  if (!category?.group) return null;
  const ownIds = new Set(own.map((rule) => rule.id));
  const said = rulesSaid(inspectionRulesOf({ category }, { groups }).filter((rule) => !ownIds.has(rule.id)));
  if (!said) return null;
  return (
    <Typography variant="body2" sx={{ mb: 1, maxWidth: 720 }}>
      {translate('backlot.items.categoryTests', { tests: said })}
    </Typography>
  );
}

export function InspectionInputs({ tenantId }: { tenantId: string }) {
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
        {(inspections.schema.title as string | undefined) ?? 'Inspections'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
        {inspections.schema.description as string}
      </Typography>
      <CategoryTestsLine tenantId={tenantId} />
      <InspectionRows source="inspections" />
    </>
  );
}
