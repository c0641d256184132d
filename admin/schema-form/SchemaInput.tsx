/** One console input for one schema field (fields.ts): the react-admin input its kind calls for, with the schema's bounds as validators. */
import { BooleanInput, maxLength, maxValue, minValue, NumberInput, regex, required, SelectInput, TextInput, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { FieldSpec } from './fields';

function validatorsOf(field: FieldSpec): Validator[] {
  const validators: Validator[] = [];
  if (field.required) validators.push(required());
  if (field.min !== undefined) validators.push(minValue(field.min));
  if (field.max !== undefined) validators.push(maxValue(field.max));
  if (field.maxLength !== undefined) validators.push(maxLength(field.maxLength));
  if (field.pattern) validators.push(regex(new RegExp(field.pattern), field.patternMessage ? `Must ${field.patternMessage.replace(/^must /, '')}` : 'Invalid format'));
  return validators;
}

/** The image a field points at, at most 160 px wide, so an admin sees what the address shows. */
function ImagePreview({ source }: { source: string }) {
  const url = useWatch({ name: source }) as string | undefined;
  if (!url || !/^(?:https:\/\/|\/(?!\/))/.test(url)) return null;
  // On mid grey, so a light logo (made for a dark header) shows as well as a dark one.
  return <img src={url} alt="" style={{ display: 'block', maxWidth: 160, maxHeight: 64, margin: '-8px 0 16px', padding: 4, background: '#8a94a3', borderRadius: 4, objectFit: 'contain' }} />;
}

export function SchemaInput({ field, readOnly = field.readOnly }: { field: FieldSpec; readOnly?: boolean }) {
  const common = { source: field.source, label: field.label, helperText: field.help, validate: validatorsOf(field), readOnly, fullWidth: true };
  switch (field.kind) {
    case 'boolean':
      return <BooleanInput {...common} fullWidth={false} />;
    // Bounds are checked by the validators, which say so under the field (native min/max would
    // stop the submit with a browser tooltip instead).
    case 'integer':
      return <NumberInput {...common} step={1} />;
    case 'number':
      return <NumberInput {...common} />;
    case 'select':
      return <SelectInput {...common} choices={field.choices!} emptyText="(default)" />;
    case 'textarea':
      return <TextInput {...common} multiline minRows={2} />;
    case 'color':
      return <TextInput {...common} type="color" sx={{ maxWidth: 240 }} />;
    case 'image':
      return (
        <>
          <TextInput {...common} />
          <ImagePreview source={field.source} />
        </>
      );
    default:
      return <TextInput {...common} type={field.kind === 'url' ? 'url' : 'text'} />;
  }
}
