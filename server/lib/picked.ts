/** The named fields of `record` that it has: how a visitor's answer is built from an allow-list, so a field added to a record later is never sent by default. */
export function picked<T extends object, K extends keyof T>(record: T, fields: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const field of fields) if (record[field] !== undefined) out[field] = record[field];
  return out;
}
