/**
 * How far to look on a platform listing: a radius (`within`, km in the address, offered in the
 * platform's unit) as a GET form that keeps the rest of the query; with JavaScript a change applies
 * at once. A radius the address carried but that could not be used is said, not silently dropped.
 */
import type { FormEvent } from 'react';
import { RADIUS_CHOICES } from '../../../schema/marketplace/distance';
import { useConfiguration } from '../../config/ConfigurationProvider';
import type { CatalogueState } from '../../document/state';
import { messages as allMessages } from '../../i18n/messages';

const messages = allMessages.marketplace;
import { catalogueParams } from '../../lib/catalogue-query';
import { formatDistance, KM_PER_MILE } from '../../../schema/display/format';

export function RadiusFilter({ catalogue, path }: { catalogue: CatalogueState; path: string }) {
  const { site } = useConfiguration();
  const submitOnChange = (event: FormEvent<HTMLFormElement>) => event.currentTarget.requestSubmit();
  const miles = site.weightUnit === 'lb';
  const radii = RADIUS_CHOICES.map((choice) => Math.round(miles ? choice * KM_PER_MILE : choice));
  return (
    <>
      <form className="place-radius" method="get" action={path} onChange={submitOnChange}>
        {[...catalogueParams({ ...catalogue.query, page: 0, withinKm: undefined })].map(([key, value], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
        ))}
        <label className="place-field">
          {messages.within}
          <select name="within" defaultValue={catalogue.query.withinKm ?? ''}>
            <option value="">{messages.anyDistance}</option>
            {radii.map((km) => (
              <option key={km} value={km}>
                {formatDistance(km, site)}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button className="button button-secondary" type="submit">
            {allMessages.applyFilters}
          </button>
        </noscript>
      </form>
      {catalogue.query.ignoredWithin && (
        <p className="place-note" role="status">
          {messages.radiusIgnored}
        </p>
      )}
    </>
  );
}
