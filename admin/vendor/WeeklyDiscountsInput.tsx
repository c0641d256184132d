/**
 * The eight weekly discount factors: bounded number inputs labelled with what each position means
 * (the schema's `x-ui.labels`: days 1–7 of each hire week, then the factor on weeks after the
 * first), what a whole week costs in day rates with these factors, and a small bar chart of them
 * that loads on its own when the editor opens.
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
const labels = (listSchema.schema['x-ui'] as { labels: string[] }).labels;

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
            <NumberInput
              key={index}
              source={`${source}.${index}`}
              label={labels[index]}
              validate={validatorsOf(factor)}
              step={0.05}
              size="small"
              helperText={false}
            />
          ))}
        </Box>
        <Suspense fallback={<Box sx={{ width: 320, height: 160 }} aria-hidden />}>
          <DiscountsChart
            values={values.map((value) => (typeof value === 'number' ? value : null))}
            labels={labels}
            max={factor.max ?? 1}
          />
        </Suspense>
      </Box>
      <WeekInDayRates values={values} />
    </Box>
  );
}

/** "A whole week costs 4 day rates; each later week 3": the factors as a prop house says them. */
function WeekInDayRates({ values }: { values: unknown[] }) {
  const numbers = values.map((value) => (typeof value === 'number' ? value : Number.NaN));
  if (numbers.length !== count || numbers.some(Number.isNaN)) return null;
  const week = numbers.slice(0, 7).reduce((sum, value) => sum + value, 0);
  const round = (value: number) => Math.round(value * 100) / 100;
  return (
    <Typography variant="body2" role="status" sx={{ mt: 1 }}>
      A whole week costs {round(week)} day rates; each week after the first costs {round(week * numbers[7]!)}.
    </Typography>
  );
}
