/**
 * The store a console view is narrowed to (Dispatch, the planner, what it earns), for a house with
 * several stores: "Every store" or one. Nothing is shown for a house with one store.
 */
import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Store } from '../../schema/types.generated';

export function StoreSelect({
  stores,
  value,
  onChange,
  sx,
  label,
  none,
}: {
  stores: readonly Store[] | undefined;
  value: string;
  onChange: (store: string) => void;
  sx?: SxProps<Theme>;
  /** Its label ("Store" unless said). */
  label?: string;
  /** What no store chosen means ("Every store" unless said); false: a store must be chosen. */
  none?: string | false;
}) {
  const translate = useTranslate();
  if (!stores || stores.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label={label ?? translate('backlot.stores.store')}
      value={stores.some((store) => store.id === value) ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      // "Every store" is the empty value: shown as chosen, its label kept above it.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', sm: 200 }, flex: 'none', ...sx }}
    >
      {none !== false && <MenuItem value="">{none ?? translate('backlot.stores.every')}</MenuItem>}
      {stores.map((store) => (
        <MenuItem key={store.id} value={store.id}>
          {store.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
