/**
 * What a certificate form's fields say, as the certificate upload takes it: numbers as numbers, the
 * currency in capitals, a ticked box as true, blanks left out. The storefront's and the console's
 * certificate forms read their fields through it (the fields themselves are the schema's:
 * visitorForms.certificateFields).
 */
import type { CertificateField } from '../visitor-forms';

export function certificateDetailsOf(
  fields: readonly CertificateField[],
  valueOf: (name: string) => unknown,
): Record<string, string | number | boolean> {
  return Object.fromEntries(
    fields.flatMap((field): Array<[string, string | number | boolean]> => {
      const value = valueOf(field.name);
      if (field.input === 'checkbox') return value === true || value === 'on' ? [[field.name, true]] : [];
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return [];
      return [
        [field.name, field.input === 'number' ? Number(text) : field.input === 'currency' ? text.toUpperCase() : text],
      ];
    }),
  );
}
