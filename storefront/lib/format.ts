/**
 * Money and weights as visitors read them: amounts in the tenant's currency and locale through
 * Intl (no hand-written symbols or separators), weights in the tenant's unit (lb for aviation).
 * Formatters are made once per locale and currency.
 */
import type { SiteSettings } from '../../schema/types.generated';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let found = formatters.get(key);
  if (!found) formatters.set(key, (found = make()));
  return found;
}

/** `site` with its schema defaults filled in (locale, currency). */
export function formatMoney(amount: number, site: Pick<SiteSettings, 'locale' | 'currency'>): string {
  return formatter(`money ${site.locale} ${site.currency}`, () => new Intl.NumberFormat(site.locale, { style: 'currency', currency: site.currency })).format(amount);
}

const UNIT_NAMES = { lb: 'pound', kg: 'kilogram' } as const;

/** A weight in the tenant's unit (`site.weightUnit`), e.g. "42 lb". */
export function formatWeight(value: number, site: Pick<SiteSettings, 'locale' | 'weightUnit'>): string {
  const unit = UNIT_NAMES[site.weightUnit!];
  return formatter(`weight ${site.locale} ${unit}`, () => new Intl.NumberFormat(site.locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 })).format(value);
}
