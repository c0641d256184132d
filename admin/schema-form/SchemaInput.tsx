/** One console input for one schema field (fields.ts): the react-admin input its kind calls for, with the schema's bounds as validators. */
import { formatNouns } from '../../schema/ajv-messages';
import { isIanaTimeZone } from '../../schema/timezone';
import {
  BooleanInput,
  email,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  RadioButtonGroupInput,
  regex,
  required,
  SelectInput,
  TextInput,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ColorInput } from '../components/ColorInput';
import { TimezoneInput } from '../components/TimezoneInput';
import type { FieldSpec } from './fields';

/** The schema's checks of one field as react-admin validators (the server runs the same schema). */
export function validatorsOf(field: FieldSpec): Validator[] {
  const validators: Validator[] = [];
  if (field.required) validators.push(required());
  if (field.min !== undefined) validators.push(minValue(field.min));
  if (field.max !== undefined) validators.push(maxValue(field.max));
  if (field.maxLength !== undefined) validators.push(maxLength(field.maxLength));
  if (field.format === 'email') validators.push(email(`Must be ${formatNouns.email}`));
  if (field.format === 'iana-timezone')
    validators.push((value: unknown) =>
      typeof value === 'string' && value !== '' && !isIanaTimeZone(value)
        ? `Must be ${formatNouns['iana-timezone']}`
        : undefined,
    );
  if (field.pattern)
    validators.push(
      regex(
        new RegExp(field.pattern),
        field.patternMessage ? `Must ${field.patternMessage.replace(/^must /, '')}` : 'Invalid format',
      ),
    );
  return validators;
}

/** The image a field points at, at most 160 px wide, so an admin sees what the address shows. */
function ImagePreview({ source }: { source: string }) {
  const url = useWatch({ name: source }) as string | undefined;
  if (!url || !/^(?:https:\/\/|\/(?!\/))/.test(url)) return null;
  // On mid grey, so a light logo (made for a dark header) shows as well as a dark one.
  return (
    <img
      src={url}
      alt=""
      style={{
        display: 'block',
        maxWidth: 160,
        maxHeight: 64,
        margin: '-8px 0 16px',
        padding: 4,
        background: '#8a94a3',
        borderRadius: 4,
        objectFit: 'contain',
      }}
    />
  );
}

export interface SchemaInputProps {
  field: FieldSpec;
  readOnly?: boolean;
  /** Where the field sits in the form when not at its own source (a row of a list: `items.2.name`). */
  source?: string;
  /** Checks after the schema's: the tenant rules, e.g. unique names. */
  extraValidators?: Validator[];
  size?: 'small' | 'medium';
  /** Rows of a list say their help once, above the list: each row shows only its messages. */
  hideHelp?: boolean;
  /** A long Markdown text: monospace, many rows. */
  markdown?: boolean;
}

export function SchemaInput({
  field,
  readOnly = field.readOnly,
  source = field.source,
  extraValidators = [],
  size,
  hideHelp,
  markdown,
}: SchemaInputProps) {
  const validate = [...validatorsOf(field), ...extraValidators];
  // react-admin greys a read-only input's help like a disabled one's, below WCAG contrast: it is still help worth reading.
  const readable = readOnly ? { '& .MuiFormHelperText-root.Mui-disabled': { color: 'text.secondary' } } : undefined;
  const common = {
    source,
    label: field.label,
    helperText: hideHelp ? (false as const) : field.help,
    validate,
    readOnly,
    fullWidth: true,
    size,
    sx: readable,
  };
  switch (field.kind) {
    case 'boolean':
      // No default written: an untouched switch stays absent (the schema's default applies), not `false` in every row.
      return <BooleanInput {...common} fullWidth={false} defaultValue={null} />;
    // Bounds are checked by the validators, which say so under the field (native min/max would
    // stop the submit with a browser tooltip instead).
    case 'integer':
      return <NumberInput {...common} step={1} />;
    case 'number':
      return <NumberInput {...common} />;
    case 'select':
      return <SelectInput {...common} choices={field.choices} emptyText="(default)" />;
    case 'radio':
      return <RadioButtonGroupInput {...common} choices={field.choices} row={false} />;
    case 'textarea':
      return markdown ? (
        <TextInput
          {...common}
          multiline
          minRows={16}
          maxRows={40}
          slotProps={{
            htmlInput: {
              spellCheck: true,
              style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontSize: 14 },
            },
          }}
        />
      ) : (
        <TextInput {...common} multiline minRows={2} />
      );
    case 'color':
      return <ColorInput {...common} placeholder={typeof field.default === 'string' ? field.default : undefined} />;
    case 'timezone':
      return <TimezoneInput {...common} />;
    // The browser's own date picker, which reads and writes YYYY-MM-DD as the schema has it.
    case 'date':
      return <TextInput {...common} type="date" slotProps={{ inputLabel: { shrink: true } }} />;
    case 'image':
      return (
        <>
          <TextInput {...common} />
          <ImagePreview source={source} />
        </>
      );
    default:
      return <TextInput {...common} type={field.kind === 'url' ? 'url' : 'text'} />;
  }
}
