/** A calendar month (YYYY-MM) as the browser's month picker takes it, its label always above the value. */
import { TextField, type TextFieldProps } from '@mui/material';

export function MonthField({
  value,
  onChange,
  ...props
}: Omit<TextFieldProps, 'type' | 'onChange' | 'value'> & { value: string; onChange: (month: string) => void }) {
  return (
    <TextField
      {...props}
      type="month"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
