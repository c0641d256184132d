/**
 * The string formats the schemas use: ajv-formats' full set plus `iana-timezone`. Shared by the
 * runtime Ajv instance and the precompiled validators the CLI ships (which load this module).
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { Format } from 'ajv';

const timeZoneVerdicts = new Map<string, boolean>();

/**
 * Accepts the IANA names the runtime's time-zone database knows (aliases such as UTC included).
 * Asking Intl costs tens of microseconds, and thousands of tenants share a handful of zones,
 * so each verdict is remembered.
 */
export function isIanaTimeZone(value: string): boolean {
  let verdict = timeZoneVerdicts.get(value);
  if (verdict === undefined) {
    verdict = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(value);
    if (verdict) {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: value });
      } catch {
        verdict = false;
      }
    }
    if (timeZoneVerdicts.size < 1000) timeZoneVerdicts.set(value, verdict);
  }
  return verdict;
}

export const formats: Record<string, Format> = {
  ...(fullFormats as Record<string, Format>),
  'iana-timezone': { type: 'string', validate: isIanaTimeZone },
};
