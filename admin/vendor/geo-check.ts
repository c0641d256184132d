/**
 * A map-free check of a vendor's position: the point in words (34.2189° N, 118.3715° W) and
 * whether it agrees with the vendor's time zone. The sun crosses 15° of longitude an hour, so a
 * zone's offset from UTC puts it near offset × 15° (zones follow borders: allow 3 hours). A
 * point far from that is usually a swapped latitude and longitude or a lost minus sign. Pure.
 */
import { utcOffsetMinutes } from '../../schema/timezone';

export interface GeoCheck {
  words: string;
  /** Set when the point and the zone disagree. */
  warning?: string;
}

/** The zone's offset from UTC in hours at `at`; undefined for an unknown zone. */
export function offsetHours(zone: string, at = new Date()): number | undefined {
  const minutes = utcOffsetMinutes(zone, at);
  return minutes === undefined ? undefined : minutes / 60;
}

const degrees = (value: number, positive: string, negative: string) =>
  `${Math.abs(value).toFixed(4)}° ${value >= 0 ? positive : negative}`;

export function checkGeoPoint(lat: number, lng: number, zone: string | undefined, at = new Date()): GeoCheck {
  const words = `${degrees(lat, 'N', 'S')}, ${degrees(lng, 'E', 'W')}`;
  const offset = zone ? offsetHours(zone, at) : undefined;
  if (offset === undefined) return { words };
  // Distance in hours around the globe (the date line wraps).
  const apart = Math.abs(((((lng / 15 - offset) % 24) + 36) % 24) - 12);
  if (apart <= 3) return { words };
  return {
    words,
    warning: `This point is about ${Math.round(apart)} hours of longitude from the time zone ${zone}. Check that latitude and longitude are not swapped and that west and south are negative.`,
  };
}
