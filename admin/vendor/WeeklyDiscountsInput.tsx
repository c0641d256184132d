/**
 * The eight weekly discount factors: bounded number inputs, by position only (the spec gives
 * the positions no meaning, so neither does the console), with a small bar chart of them that
 * loads on its own when the editor opens.
 */
import { Box, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { NumberInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { itemSchema, propertySchema, rootSchema } from '../../schema/schema-walk';
import { scalarField } from '../schema-form/fields';
import { validatorsOf } from '../schema-form/SchemaInput';

const DiscountsChart = lazy(() => import('./DiscountsChart'));

const listSchema = propertySchema(rootSchema('vendor'), 'weeklyDiscounts')!;
const factor = scalarField(itemSchema(listSchema)!, 'factor', { required: true })!;
const count = listSchema.schema.minItems as number;

export function WeeklyDiscountsInput({ source }: { source: string }) {
  const values = (useWatch({ name: source }) as unknown[] | undefined) ?? [];
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {listSchema.schema.title as string}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
        {listSchema.schema.description as string}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 110px)', columnGap: 1.5 }}>
          {Array.from({ length: count }, (_, index) => (
            <NumberInput key={index} source={`${source}.${index}`} label={`Position ${index + 1}`} validate={validatorsOf(factor)} step={0.05} size="small" helperText={false} />
          ))}
        </Box>
        <Suspense fallback={<Box sx={{ width: 320, height: 160 }} aria-hidden />}>
          <DiscountsChart values={values.map((value) => (typeof value === 'number' ? value : null))} max={factor.max ?? 1} />
        </Suspense>
      </Box>
    </Box>
  );
}
