/**
 * Which house rents an item out, where it is and how far from the visitor: on the platform's
 * cards and item pages. Distances are measured from the page's place (the server's, so both
 * renders agree).
 */
import { haversineKm, type GeoPoint } from '../../../schema/marketplace/distance';
import { housePlace, type House } from '../../../schema/marketplace/houses';
import { useConfiguration } from '../../config/ConfigurationProvider';
import { messages as allMessages } from '../../i18n/messages';

const messages = allMessages.marketplace;
import { formatDistance } from '../../../schema/display/format';

export function useDistance(house: Pick<House, 'location'>, from: GeoPoint | undefined): string | undefined {
  const { site } = useConfiguration();
  if (!from) return undefined;
  return house.location
    ? messages.away(formatDistance(haversineKm(from, house.location), site))
    : messages.distanceUnknown;
}

export function HouseLine({
  house,
  from,
  className = 'house-line',
}: {
  house: House;
  from?: GeoPoint;
  className?: string;
}) {
  const distance = useDistance(house, from);
  return (
    <span className={className}>
      <span className="house-name">{messages.houseAt(house.name, housePlace(house))}</span>
      {distance && <span className="house-distance">{distance}</span>}
    </span>
  );
}
