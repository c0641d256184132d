/**
 * A time zone, searched by name ("los an", "london") in the zones this browser knows
 * (`Intl.supportedValuesOf('timeZone')`, plus UTC), each shown with its offset from UTC today.
 */
import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { InputHelperText, useInput, type Validator } from 'react-admin';
import { knownTimeZones, utcOffsetMinutes } from '../../schema/timezone';

/** "UTC−08:00" for the zone, now (daylight saving included). */
export function utcOffsetOf(zone: string, at = new Date()): string {
  const minutes = utcOffsetMinutes(zone, at);
  if (minutes === undefined) return '';
  if (minutes === 0) return 'UTC';
  const whole = Math.abs(minutes);
  return `UTC${minutes < 0 ? '−' : '+'}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

export interface TimezoneInputProps {
  source: string;
  label: string;
  helperText?: string | false;
  validate?: Validator[];
  readOnly?: boolean;
}

export function TimezoneInput({ source, label, helperText, validate, readOnly }: TimezoneInputProps) {
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const value = typeof field.value === 'string' && field.value !== '' ? field.value : null;
  // A saved zone this browser lists under another name (Asia/Kolkata, Asia/Calcutta) is offered too.
  const zones = useMemo(
    () =>
      [...new Set([...knownTimeZones(), ...(value ? [value] : [])])]
        .sort()
        .map((zone) => ({ zone, offset: utcOffsetOf(zone) })),
    [value],
  );
  return (
    <Autocomplete
      options={zones.map((entry) => entry.zone)}
      value={value}
      onChange={(_event, next) => field.onChange(next ?? '')}
      onBlur={field.onBlur}
      readOnly={readOnly}
      autoHighlight
      getOptionLabel={(zone) => zone.replace(/_/g, ' ')}
      filterOptions={(options, state) => {
        const words = state.inputValue
          .toLowerCase()
          .replace(/_/g, ' ')
          .split(/[\s/]+/)
          .filter(Boolean);
        return options.filter((zone) => words.every((word) => zone.toLowerCase().replace(/_/g, ' ').includes(word)));
      }}
      renderOption={({ key, ...props }, zone) => (
        <li key={key} {...props}>
          {zone.replace(/_/g, ' ')}
          <span style={{ marginLeft: 'auto', paddingLeft: 16, opacity: 0.7 }}>
            {zones.find((entry) => entry.zone === zone)?.offset}
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          name={field.name}
          label={label}
          required={isRequired}
          error={fieldState.invalid}
          helperText={
            <InputHelperText
              error={fieldState.error?.message}
              helperText={value ? `${helperText || ''} Now ${utcOffsetOf(value)}.`.trim() : helperText}
            />
          }
        />
      )}
      sx={{ maxWidth: 480, mb: 1 }}
    />
  );
}
