/**
 * Words for what a catalogue search carries as ids: price bins in the tenant's own currency, custom
 * field options by their names (site.customFields), tags from their slugs, vendors by name where
 * the configuration knows it. One place, for the filters, the cards and the item page.
 */
import { readPriceBin, type FacetKey } from '../../../schema/catalogue-search';
import type { House } from '../../../schema/marketplace/houses';
import type { StorefrontConfiguration } from '../../../schema/configuration/configuration';
import { messages } from '../../i18n/messages';
import { swatchClass } from '../../document/head';
import { formatMoney } from '../../../schema/display/format';

/** "hero-prop" → "Hero prop". */
export const tagLabel = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' ');

/** A bin's words; on the platform a bin names its currency ("GBP:100-250" is "£100 to £250"), never converted. */
export function priceBinLabel(value: string, configuration: StorefrontConfiguration): string {
  const { bin, currency } = readPriceBin(value);
  if (!bin) return value;
  // Whole amounts: a bin's bounds are round numbers.
  const money = (amount: number) =>
    formatMoney(amount, currency ? { locale: configuration.site.locale, currency } : configuration.site).replace(
      /\.00$/,
      '',
    );
  if (bin.min === 0) return messages.priceUnder(money(bin.max));
  if (bin.max === Infinity) return messages.priceAndUp(money(bin.min));
  return messages.priceBetween(money(bin.min), money(bin.max));
}

/** A facet's heading: the fixed ones by name, a custom field by its own name. */
export function facetName(facet: FacetKey, configuration: StorefrontConfiguration): string {
  if (facet.startsWith('custom.'))
    return (
      configuration.site.customFields?.find((field) => field.slug === facet.slice('custom.'.length))?.name ?? facet
    );
  return messages.facetNames[facet] ?? facet;
}

/** A facet value as a visitor reads it; on the platform, vendors by their houses' names. */
export function facetValueLabel(
  facet: FacetKey,
  value: string,
  configuration: StorefrontConfiguration,
  houses?: readonly House[],
): string {
  if (facet === 'priceBin') return priceBinLabel(value, configuration);
  if (facet === 'tags') return tagLabel(value);
  if (facet === 'vendors')
    return value === configuration.tenantId
      ? configuration.vendor.displayName
      : (houses?.find((house) => house.id === value)?.name ?? tagLabel(value));
  if (facet.startsWith('custom.')) {
    const field = configuration.site.customFields?.find(
      (candidate) => candidate.slug === facet.slice('custom.'.length),
    );
    return field?.options.find((option) => option.slug === value)?.name ?? value;
  }
  return value;
}

/** The class of a colour's swatch chip (document/head.ts paints it), if the colour map has the colour. */
export function swatchClassOf(name: string, configuration: StorefrontConfiguration): string | undefined {
  const index = configuration.site.colorMap?.findIndex((entry) => entry.name === name) ?? -1;
  return index < 0 ? undefined : swatchClass(index);
}
