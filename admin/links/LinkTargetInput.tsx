/**
 * A link's target: pick a storefront page or category from the list (type to filter by name or
 * path), or type any address. Checked as it is typed: the schema's pattern, then whether a site
 * path leads to a real page (the rule the server runs too).
 */
import { Autocomplete, TextField } from '@mui/material';
import { InputHelperText, useInput, type Validator } from 'react-admin';
import type { FieldSpec } from '../schema-form/fields';
import { validatorsOf } from '../schema-form/SchemaInput';
import type { TargetOption } from './link-targets';

export function LinkTargetInput({
  source,
  field,
  options,
  extraValidators,
}: {
  source: string;
  field: FieldSpec;
  options: readonly TargetOption[];
  extraValidators: Validator[];
}) {
  const {
    field: input,
    fieldState,
    isRequired,
  } = useInput({ source, validate: [...validatorsOf(field), ...extraValidators] });
  const value = typeof input.value === 'string' ? input.value : '';
  return (
    <Autocomplete<TargetOption, false, false, true>
      freeSolo
      options={options}
      groupBy={(option) => option.kind}
      value={value}
      inputValue={value}
      onInputChange={(_event, next) => input.onChange(next)}
      // The typed text is the value (onInputChange); a picked option sets its path. Clearing must not
      // send undefined: react-hook-form would put the record's old value back.
      onChange={(_event, next) => next && typeof next !== 'string' && input.onChange(next.path)}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.path)}
      filterOptions={(all, state) => {
        const query = state.inputValue.trim().toLowerCase();
        return query
          ? all.filter(
              (option) => option.path.toLowerCase().includes(query) || option.label.toLowerCase().includes(query),
            )
          : all;
      }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          <span>
            {option.label}
            <br />
            <small style={{ opacity: 0.7 }}>{option.path}</small>
          </span>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          onBlur={input.onBlur}
          inputRef={input.ref}
          name={input.name}
          label={field.label}
          required={isRequired}
          size="small"
          error={fieldState.invalid}
          helperText={<InputHelperText error={fieldState.error?.message} helperText={false} />}
        />
      )}
      sx={{ flex: '2 1 220px', minWidth: 0 }}
    />
  );
}
