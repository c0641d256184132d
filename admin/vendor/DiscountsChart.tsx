/** A bar per weekly discount position, named as the inputs are (@mui/x-charts, loaded on its own: it is most of this editor's weight). */
import { BarChart } from '@mui/x-charts/BarChart';

export default function DiscountsChart({
  values,
  labels,
  max,
}: {
  values: Array<number | null>;
  labels: string[];
  max: number;
}) {
  return (
    <BarChart
      width={320}
      height={160}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      xAxis={[
        {
          scaleType: 'band',
          data: values.map((_, index) => labels[index]?.replace('Day ', '') ?? String(index + 1)),
          label: 'Day of each week, then weeks 2 and on',
        },
      ]}
      yAxis={[{ min: 0, max, width: 32 }]}
      series={[{ data: values, color: '#1f3a5f' }]}
      aria-label={`Weekly discount factors by position: ${values.map((value, index) => `${labels[index] ?? index + 1}: ${value ?? 'empty'}`).join(', ')}`}
    />
  );
}
