/** A house as the platform's search lists it: named by its id, in dollars, at `lat` on one meridian. */
import type { House } from '../../schema/marketplace/houses';

export const searchHouse = (id: string, lat: number): House => ({
  id,
  name: id,
  currency: 'USD',
  locale: 'en',
  timezone: 'UTC',
  location: { lat, lng: -118 },
});
