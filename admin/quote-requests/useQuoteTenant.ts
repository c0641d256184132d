/**
 * What pricing needs from the request's tenant: money in its currency and locale, dates in its locale, the GL code of
 * any catalogue entry, and the services a quote can carry (the categories and subcategories of its
 * Service groups, as `group/category[/subcategory]`).
 */
import { withDefaults } from '../../schema/defaults';
import { glCodeOf } from '../../schema/rental/quote-pricing';
import { insuranceStanding, type InsuranceStanding } from '../../schema/rental/insurance';
import { chosenCover, type CoverChoice } from '../../schema/rental/cover';
import { holdKeepsIn, outBlockedBy } from '../../schema/rental/out-gate';
import { todayIn } from '../../schema/rental/quote-rules';
import { transition } from '../../schema/rental/quote-states';
import type { CategoryPath, QuoteRequest, SiteSettings, Tenant } from '../../schema/types.generated';
import { formatDay, formatDays, formatMoment } from '../../schema/display/format';
import { useTenantRecord } from '../tenants/useTenantRecord';

export const servicePathKey = (path: CategoryPath) =>
  [path.group, path.category, path.subcategory].filter(Boolean).join('/');

export interface Readiness {
  goesOut: boolean;
  reasons: string[];
  /** Why the card hold keeps it in, if it does. */
  hold?: string;
  insurance?: InsuranceStanding;
  /** How the hire is covered, when the house asks for cover and it is not by certificate ('open': not chosen yet). */
  cover?: Exclude<CoverChoice, 'certificate'> | 'open';
}

export function useQuoteTenant(tenantId: string) {
  const { data, isPending, error } = useTenantRecord(tenantId);
  const site = withDefaults('site', data?.site ?? ({} as Tenant['site']));
  const format = new Intl.NumberFormat(site.locale, { style: 'currency', currency: site.currency });
  const serviceChoices = (data?.categories.groups ?? [])
    .filter((group) => group.kind === 'service')
    .flatMap((group) =>
      group.categories.flatMap((category) => [
        { path: { group: group.slug, category: category.slug }, name: `${group.name} › ${category.name}` },
        ...(category.subcategories ?? []).map((sub) => ({
          path: { group: group.slug, category: category.slug, subcategory: sub.slug },
          name: `${group.name} › ${category.name} › ${sub.name}`,
        })),
      ]),
    )
    .map((choice) => ({ ...choice, id: servicePathKey(choice.path), glCode: glCodeOf(data?.categories, choice.path) }));
  return {
    isPending,
    error,
    tenant: data,
    money: (amount: number) => format.format(amount),
    /** A hire's days in the tenant's locale ("Dec 1 – 22, 2026"), as the storefront and mails say them. */
    days: (from: string, to: string) => formatDays(from, to, site),
    day: (date: string) => formatDay(date, site),
    /** An instant on the house's clock (a challenge's deadline), as its mails say it. */
    moment: (instant: string) => formatMoment(instant, site, data?.vendor.timezone ?? 'UTC'),
    /** Today where the house is. */
    today: () => todayIn(data?.vendor.timezone ?? 'UTC', new Date()),
    glCodeOf: (path: CategoryPath) => glCodeOf(data?.categories, path),
    serviceChoices,
    site,
    /**
     * Whether more of this request can go out now (scanned out: a confirmed order, or one partly
     * out or back), what keeps it in (its card hold, its certificate: schema/rental/out-gate.ts),
     * and where its certificate stands when the tenant asks for one.
     */
    readiness: (
      quote: Pick<QuoteRequest, 'state' | 'hold' | 'cardHold' | 'insurance' | 'startDate' | 'endDate' | 'cover'> & {
        replacementValue?: number;
      },
    ): Readiness => {
      const now = new Date();
      const today = todayIn(data?.vendor.timezone ?? 'UTC', now);
      const goesOut = transition(
        { state: quote.state ?? 'requested', hold: quote.hold ?? 'none' },
        'checkOut',
        'vendor',
      ).ok;
      const hold = goesOut ? holdKeepsIn(quote, site, now) : undefined;
      return {
        goesOut,
        reasons: goesOut ? outBlockedBy(quote, site, today, now, quote.replacementValue) : [],
        ...(hold && { hold }),
        // The list's rows and the order's page carry the order's replacement value where certificates are asked for.
        ...coverReadiness(quote, site, today),
      };
    },
  };
}

/** Where an order's cover stands: its certificate's standing when it is covered by one, else the way chosen (or none yet). */
function coverReadiness(
  quote: Pick<QuoteRequest, 'insurance' | 'startDate' | 'endDate' | 'cover'> & { replacementValue?: number },
  site: SiteSettings,
  today: string,
): Pick<Readiness, 'insurance' | 'cover'> {
  if (!site.insuranceRequired) return {};
  const cover = chosenCover(quote, site);
  if (cover === 'certificate') return { insurance: insuranceStanding(quote, today, quote.replacementValue) };
  return { cover: cover ?? 'open' };
}
