/**
 * A month and the file for it (a statement's PDF, a month's CSV): the months by name in the house's
 * locale, and a button that opens or downloads the chosen month's file. Stacked on a phone.
 */
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export function MonthFilePicker({
  months,
  initial,
  monthName,
  file,
  icon,
  download = false,
}: {
  months: readonly string[];
  /** The month chosen first. */
  initial: string;
  monthName: (month: string) => string;
  /** The chosen month's file: where it is, and the button's words. */
  file: (month: string) => { href: string; label: string };
  icon: ReactNode;
  /** Download the file rather than open it in a new tab. */
  download?: boolean;
}) {
  const translate = useTranslate();
  const [month, onMonth] = useState(initial);
  const { href, label } = file(month);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1.5, alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label={translate('backlot.statements.month')}
        value={month}
        onChange={(event) => onMonth(event.target.value)}
        sx={{ width: { xs: '100%', sm: 240 } }}
      >
        {months.map((value) => (
          <MenuItem key={value} value={value}>
            {monthName(value)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        startIcon={icon}
        href={href}
        {...(download ? { download: true } : { target: '_blank', rel: 'noopener' })}
        sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
      >
        {label}
      </Button>
    </Stack>
  );
}
