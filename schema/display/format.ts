/**
 * Money and weights as visitors read them: amounts in the tenant's currency and locale through
 * Intl (no hand-written symbols or separators), weights in the tenant's unit (lb for aviation).
 * Formatters are made once per locale and currency.
 */
import type { SiteSettings } from '../types.generated';

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function formatter<Format extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => Format): Format {
  let found = formatters.get(key) as Format | undefined;
  if (!found) formatters.set(key, (found = make()));
  return found;
}

/** `site` with its schema defaults filled in (locale, currency). */
export function formatMoney(amount: number, site: Pick<SiteSettings, 'locale' | 'currency'>): string {
  return formatter(
    `money ${site.locale} ${site.currency}`,
    () => new Intl.NumberFormat(site.locale, { style: 'currency', currency: site.currency }),
  ).format(amount);
}

/** An amount in another currency than the site's (a certificate's limits), in the site's locale. */
export function formatMoneyIn(
  amount: number,
  currency: string | undefined,
  site: Pick<SiteSettings, 'locale' | 'currency'>,
): string {
  return formatMoney(amount, { ...site, currency: currency ?? site.currency });
}

const UNIT_NAMES = { lb: 'pound', kg: 'kilogram' } as const;

/** A weight in the tenant's unit (`site.weightUnit`), e.g. "42 lb". */
export function formatWeight(value: number, site: Pick<SiteSettings, 'locale' | 'weightUnit'>): string {
  const unit = UNIT_NAMES[site.weightUnit!];
  return formatter(
    `weight ${site.locale} ${unit}`,
    () => new Intl.NumberFormat(site.locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }),
  ).format(value);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A calendar day (YYYY-MM-DD) in the tenant's locale, e.g. "Dec 10, 2026" for en-US: every page and mail says dates this way. */
export function formatDay(date: string, site: Pick<SiteSettings, 'locale'>): string {
  let format = dateFormats.get(site.locale!);
  if (!format)
    dateFormats.set(
      site.locale!,
      (format = new Intl.DateTimeFormat(site.locale, { dateStyle: 'medium', timeZone: 'UTC' })),
    );
  return format.format(new Date(`${date}T00:00:00Z`));
}

/** An instant as the house's clock shows it, in the tenant's locale ("Mon, Dec 14, 3:00 PM PST"): a deadline a person must meet. */
export function formatMoment(instant: string, site: Pick<SiteSettings, 'locale'>, timezone: string): string {
  return formatter(
    `moment ${site.locale} ${timezone}`,
    () =>
      new Intl.DateTimeFormat(site.locale, {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: timezone,
        timeZoneName: 'short',
      }),
  ).format(new Date(instant));
}

/** A month (YYYY-MM) in the tenant's locale, e.g. "October 2026": statements are named by it. */
export function formatMonth(month: string, site: Pick<SiteSettings, 'locale'>): string {
  return formatter(
    `month ${site.locale}`,
    () => new Intl.DateTimeFormat(site.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ).format(new Date(`${month}-01T00:00:00Z`));
}

/** A range of days in the tenant's locale ("Dec 10 – 14, 2026"). */
export function formatDays(from: string, to: string, site: Pick<SiteSettings, 'locale'>): string {
  formatDay(from, site);
  return dateFormats.get(site.locale!)!.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
}

/**
 * A distance as the tenant's visitors measure it: miles where weights are in pounds (the US), km
 * elsewhere; whole numbers past 10, one decimal below.
 */
export function formatDistance(km: number, site: Pick<SiteSettings, 'locale' | 'weightUnit'>): string {
  const miles = site.weightUnit === 'lb';
  const value = miles ? km / KM_PER_MILE : km;
  // "0 mi" reads as a mistake: next door is "under 1 mi".
  if (value < 1) return `under ${formatDistance(miles ? KM_PER_MILE : 1, site)}`;
  return formatter(
    `distance ${site.locale} ${miles} ${value < 10}`,
    () =>
      new Intl.NumberFormat(site.locale, {
        style: 'unit',
        unit: miles ? 'mile' : 'kilometer',
        unitDisplay: 'short',
        maximumFractionDigits: value < 10 ? 1 : 0,
      }),
  ).format(value);
}

export const KM_PER_MILE = 1.609344;
