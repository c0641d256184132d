/** The top and bottom earners as horizontal bars (@mui/x-charts, loaded on its own: it is most of this screen's weight). */
import { BarChart } from '@mui/x-charts/BarChart';

export default function EarningsChart({
  rows,
  label,
  money,
}: {
  rows: ReadonlyArray<{ name: string; revenue: number }>;
  label: string;
  money: (amount: number) => string;
}) {
  return (
    <BarChart
      layout="horizontal"
      height={Math.max(160, rows.length * 22 + 40)}
      margin={{ top: 8, right: 40, bottom: 8, left: 8 }}
      yAxis={[
        {
          scaleType: 'band',
          data: rows.map((row) => (row.name.length > 34 ? `${row.name.slice(0, 33)}…` : row.name)),
          width: 220,
        },
      ]}
      xAxis={[{ min: 0, valueFormatter: (value: number) => money(value) }]}
      series={[
        { data: rows.map((row) => row.revenue), color: '#1f3a5f', valueFormatter: (value) => money(value ?? 0) },
      ]}
      aria-label={`${label}: ${rows.map((row) => `${row.name} ${money(row.revenue)}`).join(', ')}`}
    />
  );
}
