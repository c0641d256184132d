/** A menu item's label with a count beside it (who waits for a decision, requests with unread messages); the label alone at zero. */
import { Box, Chip } from '@mui/material';

export function MenuCount({
  label,
  count,
  color,
  description,
}: {
  label: string;
  count: number;
  color: 'warning' | 'primary';
  /** What the count is, for screen readers ("2 waiting for your decision"). */
  description: string;
}) {
  if (!count) return <>{label}</>;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {label}
      <Chip size="small" color={color} label={count} aria-label={description} sx={{ height: 20 }} />
    </Box>
  );
}
