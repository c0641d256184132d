/**
 * A colour input: a swatch button that opens react-colorful's picker (keyboard: Tab to the
 * saturation square or the hue bar, then the arrow keys) beside the hex value as text, so a
 * brand colour can be pasted as well as picked. Bound to the form by react-admin's useInput,
 * with the schema's validators.
 */
import { Box, Popover, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { HexColorPicker } from 'react-colorful';
import { InputHelperText, useInput, type Validator } from 'react-admin';

export interface ColorInputProps {
  source: string;
  label: string;
  helperText?: string | false;
  validate?: Validator[];
  readOnly?: boolean;
  /** The colour shown while the setting is unset (the schema's default). */
  placeholder?: string;
  size?: 'small' | 'medium';
}

const isHex = (value: unknown): value is string =>
  typeof value === 'string' && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value);

export function ColorInput({
  source,
  label,
  helperText,
  validate,
  readOnly,
  placeholder,
  size = 'medium',
}: ColorInputProps & { fullWidth?: boolean }) {
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pickerId = useId();
  const value = typeof field.value === 'string' ? field.value : '';
  const shown = isHex(value) ? value : isHex(placeholder) ? placeholder : '#ffffff';
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: size === 'small' ? 0 : 1 }}>
      <Box
        component="button"
        type="button"
        aria-label={`Pick ${label}`}
        aria-haspopup="dialog"
        aria-controls={anchor ? pickerId : undefined}
        disabled={readOnly}
        onClick={(event) => setAnchor(event.currentTarget)}
        // Inline: the colour changes on every move of the picker, and a class per colour would pile up.
        style={{ background: shown }}
        sx={{
          width: size === 'small' ? 36 : 44,
          height: size === 'small' ? 36 : 44,
          mt: size === 'small' ? 0 : 1,
          flex: 'none',
          borderRadius: 1,
          border: '1px solid rgba(0,0,0,0.38)',
          cursor: readOnly ? 'default' : 'pointer',
          '&:focus-visible': { outline: '3px solid #1f3a5f', outlineOffset: 2 },
        }}
      />
      <TextField
        {...field}
        value={value}
        onChange={(event) => field.onChange(event.target.value)}
        label={label}
        required={isRequired}
        size={size}
        placeholder={placeholder}
        error={fieldState.invalid}
        helperText={
          helperText === false && !fieldState.error ? undefined : (
            <InputHelperText error={fieldState.error?.message} helperText={helperText} />
          )
        }
        slotProps={{ input: { readOnly }, htmlInput: { spellCheck: false, autoComplete: 'off' } }}
        sx={{ width: size === 'small' ? 120 : 240 }}
      />
      <Popover
        id={pickerId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': label, sx: { p: 1.5 } } }}
      >
        <HexColorPicker color={shown} onChange={(next) => field.onChange(next)} />
      </Popover>
    </Box>
  );
}
