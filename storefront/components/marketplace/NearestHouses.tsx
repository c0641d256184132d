/**
 * The platform's home page leads with the nearest house (spec §9: "the nearest vendor by distance
 * is chosen"), then the next nearest (the page carries a dozen, whatever the number of houses),
 * each a link to its items on the platform, and a way to browse every house's; with where
 * distances are measured from, and a way to change it.
 */
import { housePlace } from '../../../schema/marketplace/houses';
import { RENTALS_BASE_PATH } from '../../../schema/routes';
import { useConfiguration } from '../../config/ConfigurationProvider';
import type { MarketplaceState } from '../../document/state';
import { messages as allMessages } from '../../i18n/messages';

const messages = allMessages.marketplace;
import { formatDistance } from '../../../schema/display/format';
import { PlaceBar } from './PlaceBar';

const houseHref = (houseId: string) => `${RENTALS_BASE_PATH}?vendor=${encodeURIComponent(houseId)}`;

export function NearestHouses({ marketplace }: { marketplace: MarketplaceState }) {
  const { site } = useConfiguration();
  const [nearest, ...others] = marketplace.houses;
  const distance = (km: number | undefined) =>
    km === undefined ? messages.distanceUnknown : messages.away(formatDistance(km, site));
  return (
    <section className="section container nearest-houses" aria-labelledby="nearest-heading">
      <h2 id="nearest-heading" className="section-title">
        {messages.nearestHeading}
      </h2>
      <PlaceBar marketplace={marketplace} />
      {nearest ? (
        <>
          <a className="nearest-house" href={houseHref(nearest.id)}>
            <span className="nearest-house-name">{nearest.name}</span>
            <span className="nearest-house-place">{housePlace(nearest)}</span>
            <span className="nearest-house-distance">{distance(nearest.km)}</span>
            <span className="nearest-house-action">{messages.browseHouse(nearest.name)}</span>
          </a>
          {others.length > 0 && (
            <>
              <h3 className="houses-heading">
                {marketplace.houseCount > marketplace.houses.length
                  ? `${messages.allHouses(marketplace.houseCount)}: ${messages.nearerHouses(marketplace.houses.length)}`
                  : messages.allHouses(marketplace.houseCount)}
              </h3>
              <ul className="house-list">
                {others.map((house) => (
                  <li key={house.id}>
                    <a href={houseHref(house.id)}>
                      <span className="house-name">{house.name}</span>
                      <span className="house-place">{housePlace(house)}</span>
                      <span className="house-distance">{distance(house.km)}</span>
                    </a>
                  </li>
                ))}
              </ul>
              {marketplace.houseCount > marketplace.houses.length && (
                <p className="houses-all">
                  <a href={RENTALS_BASE_PATH}>{messages.browseEveryHouse(marketplace.houseCount)}</a>
                </p>
              )}
            </>
          )}
        </>
      ) : (
        <p className="empty-note">{messages.noHouses}</p>
      )}
    </section>
  );
}
