/** IANA time zones, as the runtime's Intl knows them: the check behind the `iana-timezone` format, and the list the console offers. Browser-safe. */

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

/** Every zone this runtime knows, with UTC (which Intl leaves out of its list), sorted. */
export function knownTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...zones])].sort();
}

/** The zone's offset from UTC at `at`, in minutes (daylight saving included); undefined for an unknown zone. */
export function utcOffsetMinutes(zone: string, at = new Date()): number | undefined {
  let name: string;
  try {
    name =
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return undefined;
  }
  if (name === 'GMT') return 0;
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : undefined;
}
