/**
 * A site setting that is a list of whole days (payment reminders: 7, 14 and 30 days past due),
 * typed as the house says it, "7, 14, 30", and kept as the schema's array of integers sorted. Its
 * label, help, bounds and most entries come from the schema; a number out of bounds, a repeat or
 * something that is not a whole number is refused on the field, saying which.
 */
import { TextInput } from 'react-admin';
import { itemSchema, propertySchema, rootSchema } from '../../schema/schema-walk';

/** "7, 14, 30" as days, or why not. */
export function parseDays(
  text: string,
  bounds: { minimum: number; maximum: number; maxItems: number },
): { days: number[] } | { problem: string } {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const days: number[] = [];
  for (const part of parts) {
    const value = Number(part);
    if (!/^\d+$/.test(part) || value < bounds.minimum || value > bounds.maximum)
      return { problem: `“${part}” is not a whole number of days from ${bounds.minimum} to ${bounds.maximum}` };
    if (days.includes(value)) return { problem: `${value} is listed twice` };
    days.push(value);
  }
  if (days.length > bounds.maxItems) return { problem: `at most ${bounds.maxItems} numbers` };
  return { days: days.sort((a, b) => a - b) };
}

export function DaysListInput({ source }: { source: 'reminderDays' }) {
  const list = propertySchema(rootSchema('site'), source)!;
  const item = itemSchema(list)!.schema;
  const bounds = {
    minimum: item.minimum as number,
    maximum: item.maximum as number,
    maxItems: list.schema.maxItems as number,
  };
  return (
    <TextInput
      source={source}
      label={list.schema.title as string}
      helperText={list.schema.description as string}
      placeholder="7, 14, 30"
      format={(value: unknown) => (Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '')}
      // Kept as typed until it reads as days: the field's own validation says what is wrong with it.
      parse={(text: string) => {
        const read = parseDays(text, bounds);
        return 'days' in read ? (read.days.length ? read.days : undefined) : text;
      }}
      validate={(value: unknown) =>
        typeof value === 'string' && value.trim()
          ? (parseDays(value, bounds) as { problem?: string }).problem
          : undefined
      }
      fullWidth
    />
  );
}
