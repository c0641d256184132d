/**
 * Where the platform measures distances from: the place's name ("Hollywood (the default)", a
 * house's city, "Near me"), and a choice of another: a town typed and searched among every listed
 * house's (GET /api/places, as the visitor types; the page carries only the nearest houses' towns,
 * offered before a letter is typed), the default, or the browser's own location when the visitor
 * asks. A new place reloads the page, which the server renders measured from it. Listings add a radius (RadiusFilter); the home page's first load stays
 * without the catalogue's query code.
 */
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { housePlace } from '../../../schema/marketplace/houses';
import { useConfiguration } from '../../config/ConfigurationProvider';
import type { MarketplaceState } from '../../document/state';
import { messages as allMessages } from '../../i18n/messages';

const messages = allMessages.marketplace;
import { placeCookies, readLocationCookie, type GeoPoint } from '../../../schema/marketplace/distance';

const YEAR_S = 365 * 24 * 3600;
/** How long typing pauses before the places are searched. */
const SEARCH_PAUSE_MS = 150;

interface Choice {
  label: string;
  point: GeoPoint;
}

/** Keeps the chosen place and renders the page again from it (when the browser keeps cookies). */
function moveTo(point: GeoPoint, name: string | undefined) {
  for (const cookie of placeCookies(point, name, YEAR_S, location.protocol === 'https:')) document.cookie = cookie;
  if (readLocationCookie(document.cookie)) location.reload();
}

/** The default place, then the nearest houses' towns the page carries (what the list offers before a letter is typed). */
function placeChoices(marketplace: MarketplaceState, fallback: GeoPoint & { name: string }): Choice[] {
  const choices: Choice[] = [{ label: messages.defaultPlace(fallback.name), point: fallback }];
  for (const house of marketplace.houses) {
    const label = housePlace(house);
    if (house.location && label && !choices.some((choice) => choice.label === label))
      choices.push({ label, point: house.location });
  }
  return choices;
}

/** Every listed house's towns that match `typed`, from the server. */
async function searchPlaces(typed: string, signal?: AbortSignal): Promise<Choice[]> {
  const answer = await fetch(`/api/places?q=${encodeURIComponent(typed)}`, { signal });
  if (!answer.ok) throw new Error(`places: ${answer.status}`);
  const { places } = (await answer.json()) as { places: Array<GeoPoint & { name: string }> };
  return places.map((place) => ({ label: place.name, point: { lat: place.lat, lng: place.lng } }));
}

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function PlaceBar({ marketplace, children }: { marketplace: MarketplaceState; children?: ReactNode }) {
  const { site } = useConfiguration();
  const [note, setNote] = useState<string>();
  const fallback = site.defaultLocation!;
  const { from } = marketplace;
  const name = from.source === 'default' ? messages.defaultPlace(fallback.name) : (from.label ?? messages.yourPlace);
  const [offered] = useState(() => placeChoices(marketplace, fallback));
  const [choices, setChoices] = useState(offered);
  const searching = useRef<{ timer?: ReturnType<typeof setTimeout>; abort?: AbortController }>({});

  // The list under the field follows what is typed: the default and every house's matching towns.
  const typed = (text: string) => {
    clearTimeout(searching.current.timer);
    searching.current.abort?.abort();
    if (!text.trim()) return setChoices(offered);
    searching.current.timer = setTimeout(() => {
      const abort = (searching.current.abort = new AbortController());
      searchPlaces(text, abort.signal).then(
        (found) => setChoices([offered[0]!, ...found]),
        () => undefined, // a search overtaken by the next letter, or failed: the list stays; Use this place says
      );
    }, SEARCH_PAUSE_MS);
  };

  // Chosen with the button, not on each letter: a town is only known once it is whole.
  const choose = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = new FormData(event.currentTarget).get('place');
    const value = typeof field === 'string' ? field.trim() : '';
    // Nothing typed, or the place already measured from ("Near me" included): nothing to change.
    if (!value || (from.source !== 'default' && sameLabel(value, from.label ?? ''))) return;
    let chosen = choices.find((choice) => sameLabel(choice.label, value));
    if (!chosen)
      try {
        const found = await searchPlaces(value);
        chosen = found.find((choice) => sameLabel(choice.label, value)) ?? (found.length === 1 ? found[0] : undefined);
      } catch {
        return setNote(messages.placeSearchFailed);
      }
    if (!chosen) return setNote(messages.noSuchPlace(value));
    moveTo(chosen.point, sameLabel(chosen.label, choices[0]!.label) ? fallback.name : chosen.label);
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
          <input
            name="place"
            type="search"
            list="place-choices"
            autoComplete="off"
            placeholder={messages.placeHint}
            defaultValue={from.source === 'default' ? '' : (from.label ?? '')}
            onChange={(event) => typed(event.currentTarget.value)}
          />
          <datalist id="place-choices">
            {choices.map((choice) => (
              <option key={choice.label} value={choice.label} />
            ))}
          </datalist>
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
