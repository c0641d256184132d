/**
 * An item's kit, in its form: a switch makes it a kit (or a plain item again); a kit's kind, price
 * and invoice settings come from the item schema's `kit` (schema-form/fields.ts), and its
 * components are rows of an item from the catalogue (typed to search) and how many, added,
 * reordered and removed as the pull sheet will list them, with a fixed kit's own units (tags) for
 * an item tracked unit by unit. What the server refuses (an unknown item, a line twice, a kit that
 * would hold itself, a unit not of that item or held by another kit) is marked on its row.
 */
import { FormControlLabel, Switch, Typography } from '@mui/material';
import {
  ArrayInput,
  AutocompleteInput,
  NumberInput,
  ReferenceInput,
  required,
  SimpleFormIterator,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { itemSchema, propertySchema, rootSchema } from '../../schema/schema-walk';
import { fieldsOf } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';

const kitSchema = propertySchema(rootSchema('item'), 'kit')!;
const kitFields = fieldsOf(kitSchema, {
  prefix: 'kit',
  parentLabel: (kitSchema.schema.title as string | undefined) ?? 'Kit',
}).filter((field) => field.source !== 'kit.components');
const ownUnits = propertySchema(itemSchema(propertySchema(kitSchema, 'components')!)!, 'tags')!.schema;

/** Tags typed as a list ("cs-0001, CS-0002"), kept as the units' tags (upper case, no blanks). */
const tagsFormat = (tags: unknown) => (Array.isArray(tags) ? tags.join(', ') : '');
const tagsParse = (text: string) => {
  const tags = [...new Set(text.split(/[\s,]+/).map((tag) => tag.trim().toUpperCase()))].filter(Boolean);
  return tags.length ? tags : undefined;
};

export function KitInputs({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const kit = useWatch({ name: 'kit' }) as object | undefined;
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 2, fontWeight: 600 }}>
        {translate('backlot.items.kitHeading')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={Boolean(kit)}
            onChange={(event) =>
              setValue('kit', event.target.checked ? { kind: 'fixed', components: [] } : undefined, {
                shouldDirty: true,
              })
            }
          />
        }
        label={translate('backlot.items.isKit')}
      />
      {kit && (
        <>
          {kitFields.map((field) => (
            <SchemaInput key={field.source} field={field} />
          ))}
          <ArrayInput source="kit.components" label={translate('backlot.items.kitComponents')}>
            {/* Move and remove show on hover (react-admin's way), and while focus is in the row, for the keyboard. */}
            <SimpleFormIterator
              inline
              sx={{
                '& .RaSimpleFormIterator-line:focus-within > .RaSimpleFormIterator-action': { visibility: 'visible' },
              }}
            >
              <ReferenceInput
                source="objectID"
                reference={`tenants/${tenantId}/items`}
                sort={{ field: 'name', order: 'ASC' }}
                perPage={20}
              >
                <AutocompleteInput
                  optionText="name"
                  label={translate('backlot.items.kitComponent')}
                  filterToQuery={(search: string) => ({ q: search })}
                  validate={required()}
                  sx={{ minWidth: 280 }}
                />
              </ReferenceInput>
              <NumberInput
                source="quantity"
                label={translate('backlot.items.kitQuantity')}
                min={1}
                max={999}
                step={1}
                defaultValue={1}
                validate={required()}
                sx={{ width: 140 }}
              />
              <TextInput
                source="tags"
                label={ownUnits.title as string}
                helperText={translate('backlot.items.kitUnitsHelp')}
                format={tagsFormat}
                parse={tagsParse}
                sx={{ minWidth: 240 }}
              />
            </SimpleFormIterator>
          </ArrayInput>
        </>
      )}
    </>
  );
}
