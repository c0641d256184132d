/**
 * Where the platform measures distances from: the place's name ("Hollywood (the default)", a
 * house's city, "Near me"), and a choice of another (each listed house's city, the default, or the
 * browser's own location when the visitor asks). A new place reloads the page, which the server
 * renders measured from it. Listings add a radius (RadiusFilter); the home page's first load stays
 * without the catalogue's query code.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { housePlace } from '../../../schema/marketplace/houses';
import { useConfiguration } from '../../config/ConfigurationProvider';
import type { MarketplaceState } from '../../document/state';
import { messages as allMessages } from '../../i18n/messages';

const messages = allMessages.marketplace;
import { placeCookies, readLocationCookie, type GeoPoint } from '../../../schema/marketplace/distance';

const DEFAULT = 'default';
const YEAR_S = 365 * 24 * 3600;

/** Keeps the chosen place and renders the page again from it (when the browser keeps cookies). */
function moveTo(point: GeoPoint, name: string | undefined) {
  for (const cookie of placeCookies(point, name, YEAR_S, location.protocol === 'https:')) document.cookie = cookie;
  if (readLocationCookie(document.cookie)) location.reload();
}

function placeChoices(marketplace: MarketplaceState, defaultName: string) {
  const seen = new Set<string>();
  const choices: Array<{ value: string; label: string }> = [
    { value: DEFAULT, label: messages.defaultPlace(defaultName) },
  ];
  for (const house of marketplace.houses) {
    const name = housePlace(house);
    if (!house.location || !name || seen.has(name)) continue;
    seen.add(name);
    choices.push({ value: `${house.location.lat},${house.location.lng}|${name}`, label: name });
  }
  return choices;
}

export function PlaceBar({ marketplace, children }: { marketplace: MarketplaceState; children?: ReactNode }) {
  const { site } = useConfiguration();
  const [note, setNote] = useState<string>();
  const fallback = site.defaultLocation!;
  const { from } = marketplace;
  const name = from.source === 'default' ? messages.defaultPlace(fallback.name) : (from.label ?? messages.yourPlace);
  const choices = placeChoices(marketplace, fallback.name);
  const current =
    from.source === 'default' ? DEFAULT : (choices.find((choice) => choice.label === from.label)?.value ?? '');

  // Chosen with the button, not on change: arrowing through the list with a keyboard changes it at each step.
  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('place') as string;
    if (!value) return;
    const [point, label] = value === DEFAULT ? [`${fallback.lat},${fallback.lng}`, fallback.name] : value.split('|');
    const [lat, lng] = point!.split(',').map(Number);
    moveTo({ lat: lat!, lng: lng! }, label);
  };
  const nearMe = () => {
    if (!('geolocation' in navigator)) return setNote(messages.locateUnavailable);
    setNote(messages.locating);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        moveTo({ lat: position.coords.latitude, lng: position.coords.longitude }, messages.nearMe);
      },
      () => setNote(messages.locateRefused),
      { maximumAge: 10 * 60_000, timeout: 20_000 },
    );
  };
  return (
    <div className="place-bar">
      <p className="place-from">
        {messages.measuredFrom} <strong>{name}</strong>
      </p>
      <form className="place-choice" onSubmit={choose}>
        <label className="place-field">
          {messages.changePlace}
          <select name="place" defaultValue={current}>
            {current === '' && <option value="">{name}</option>}
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-secondary">
          {messages.usePlace}
        </button>
      </form>
      <button type="button" className="button button-secondary place-near-me" onClick={nearMe}>
        {messages.nearMe}
      </button>
      {children}
      {note && (
        <p className="place-note" role="status">
          {note}
        </p>
      )}
    </div>
  );
}
