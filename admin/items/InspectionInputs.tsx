/**
 * An item's tests, in its form: each a row of the item schema's inspection rule (its id, name,
 * every so many days or hires, from schema-form/fields.ts) with its checklist as lines of their
 * own. A unit of the item is then refused at scan-out when a test falls due before the hire ends.
 */
import { Typography } from '@mui/material';
import { ArrayInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { itemSchema, propertySchema, rootSchema } from '../../schema/schema-walk';
import { fieldsOf } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';

const inspections = propertySchema(rootSchema('item'), 'inspections')!;
const ruleFields = fieldsOf(itemSchema(inspections)!).filter((field) => field.source !== 'checklist');

export function InspectionInputs() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
        {(inspections.schema.title as string | undefined) ?? 'Inspections'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
        {inspections.schema.description as string}
      </Typography>
      <ArrayInput source="inspections" label={false}>
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
    </>
  );
}
