/**
 * What a visitor must never read in an answer meant for them: a house's trade (the houses it
 * hires from, their quotes and items, who on its staff asked), its credit decisions, and the
 * payment provider's and the platform's own figures (the house's connected account, the
 * commission). Walks every key of an answer, however deep.
 */
import { expect } from 'vitest';

export const TRADE_AND_STAFF_FIELDS = [
  'subHires',
  'subHire',
  'askedBy',
  'theirObjectID',
  'hiredIn',
  'accountRelease',
  'commitments',
  'commissionPercent',
  'applicationFee',
  'customer',
  'paymentMethod',
  'glCode',
  'recordedBy',
  'decidedBy',
  'notes',
] as const;

/** Every key path of an answer (`quotes.0.cardHold.status`). */
export function keyPaths(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => keyPaths(entry, `${at}${index}.`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, entry]) => [`${at}${key}`, ...keyPaths(entry, `${at}${key}.`)]);
}

/** Fails naming each path whose key is a trade or staff field. */
export function expectNoTradeFields(answer: unknown, allowed: readonly string[] = []): void {
  const forbidden = new Set<string>(TRADE_AND_STAFF_FIELDS.filter((field) => !allowed.includes(field)));
  expect(keyPaths(answer).filter((path) => forbidden.has(path.split('.').at(-1)!))).toEqual([]);
}
