/**
 * The colour facet (colorMap): one row per colour, its name and a swatch of one to four stripes,
 * each picked with a colour picker; rows added, removed and reordered by drag or keyboard. A
 * repeated name is flagged on its row as it is typed (the tenant rule the server runs too).
 */
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Typography } from '@mui/material';
import { SimpleForm, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { itemSchema, propertySchema } from '../../schema/schema-walk';
import { ColorInput } from '../components/ColorInput';
import { RecordEdit, RecordToolbar } from '../components/RecordEdit';
import { SortableList } from '../components/SortableList';
import { withoutEmptyValues, fieldsOf, scalarField } from '../schema-form/fields';
import { siteList } from '../schema-form/list-schema';
import { ruleValidator } from '../schema-form/rule-validator';
import { SchemaInput, validatorsOf } from '../schema-form/SchemaInput';

const colorMap = siteList('colorMap');
const rowFields = fieldsOf(colorMap.row);
const swatchSchema = propertySchema(colorMap.row, 'swatch')!;
const stripeField = scalarField(itemSchema(swatchSchema)!, 'stripe', { required: true })!;
const maxStripes = swatchSchema.schema.maxItems as number;
const uniqueNames = ruleValidator({
  rules: ['unique-color-names'],
  listPointer: '/colorMap',
  partsOf: (values) => ({ site: { colorMap: values.items } as never }),
});

function SwatchInput({ source }: { source: string }) {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: source as never });
  return (
    <Box role="group" aria-label="Swatch">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        {fields.map((field, index) => (
          <Box key={field.id} sx={{ display: 'flex', alignItems: 'flex-start' }}>
            <ColorInput
              source={`${source}.${index}`}
              label={fields.length > 1 ? `Stripe ${index + 1}` : 'Swatch'}
              validate={validatorsOf(stripeField)}
              size="small"
              helperText={false}
            />
            {fields.length > 1 && (
              <IconButton aria-label={`Remove stripe ${index + 1}`} size="small" onClick={() => remove(index)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        ))}
        {fields.length < maxStripes && (
          <IconButton aria-label="Add a stripe" size="small" onClick={() => append('#888888')} sx={{ mt: 0.25 }}>
            <AddIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
    </Box>
  );
}

/** One colour: its name and its swatch. */
function ColorRow({ rowSource }: { rowSource: string }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' }}>
      <Box sx={{ width: 220 }}>
        {rowFields.map((field) => (
          <SchemaInput
            key={field.source}
            field={field}
            source={`${rowSource}.${field.source}`}
            extraValidators={[uniqueNames]}
            size="small"
            hideHelp
          />
        ))}
      </Box>
      <SwatchInput source={`${rowSource}.swatch`} />
    </Box>
  );
}

/** The colour list of a form whose `items` are the colorMap. */
export function ColorMapRows() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {colorMap.description} {swatchSchema.schema.description as string}
      </Typography>
      <SortableList
        source="items"
        noun="colour"
        max={colorMap.max}
        emptyText={translate('backlot.colors.empty')}
        newRow={() => ({ name: '', swatch: ['#888888'] })}
        rowName={(row) => (typeof row.name === 'string' ? row.name : '')}
        renderRow={(rowSource) => <ColorRow rowSource={rowSource} />}
      />
    </>
  );
}

export function ColorMapEdit() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  return (
    <RecordEdit
      transform={withoutEmptyValues}
      resource={`tenants/${tenantId}/colors`}
      id="colorMap"
      title={translate('backlot.colors.title', { tenant: tenantId })}
    >
      <SimpleForm toolbar={<RecordToolbar />} warnWhenUnsavedChanges mode="onChange">
        <ColorMapRows />
      </SimpleForm>
    </RecordEdit>
  );
}
