/**
 * A generated props house catalogue for the benchmarks (seeded, so every run searches the same
 * items): 8 groups of 5 categories each with its own nouns, names from adjectives and materials,
 * long descriptions with one-off serial numbers (a real catalogue's vocabulary), tags, colours and
 * three custom fields; and what a visitor types and filters by.
 */
import { seededRandom as prng } from './figures';
import { PRICE_BINS, type SearchFilters } from '../../server/search/search-port';
import type { House } from '../../schema/marketplace/houses';
import type { Item } from '../../schema/types.generated';

export const random = prng(20_240_601);
export const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
/** Skewed toward the front of the list, as real catalogues are (a few tags on most items). */
export const pickSkewed = <T>(list: readonly T[]) => list[Math.floor(random() ** 2 * list.length)]!;
export const some = <T>(list: readonly T[], min: number, max: number, choose = pickSkewed<T>) => {
  const count = min + Math.floor(random() * (max - min + 1));
  return [...new Set(Array.from({ length: count }, () => choose(list)))];
};

// A catalogue shaped like a props house's: 8 groups of 5 categories, each with its own nouns.
const GROUPS: Record<string, Record<string, string[]>> = {
  furniture: {
    seating: ['armchair', 'sofa', 'stool', 'bench', 'chaise'],
    tables: ['table', 'desk', 'console', 'sideboard'],
    storage: ['cabinet', 'dresser', 'bookcase', 'wardrobe'],
    beds: ['bed', 'headboard', 'daybed', 'crib'],
    outdoor: ['parasol', 'lounger', 'planter', 'hammock'],
  },
  lighting: {
    lamps: ['lamp', 'lantern', 'sconce'],
    chandeliers: ['chandelier', 'pendant'],
    practicals: ['bulb', 'fixture', 'spotlight'],
    neon: ['sign', 'tube'],
    candles: ['candelabra', 'candlestick', 'votive'],
  },
  decor: {
    mirrors: ['mirror', 'vanity'],
    art: ['painting', 'print', 'sculpture', 'bust'],
    rugs: ['rug', 'runner', 'carpet'],
    clocks: ['clock', 'timepiece'],
    vases: ['vase', 'urn', 'jar'],
  },
  kitchen: {
    cookware: ['pot', 'skillet', 'kettle'],
    tableware: ['plate', 'bowl', 'tureen', 'platter'],
    glassware: ['goblet', 'decanter', 'tumbler'],
    appliances: ['toaster', 'refrigerator', 'stove', 'mixer'],
    cutlery: ['knife', 'fork', 'ladle'],
  },
  electronics: {
    radios: ['radio', 'transistor', 'receiver'],
    televisions: ['television', 'monitor'],
    telephones: ['telephone', 'switchboard', 'payphone'],
    computers: ['computer', 'terminal', 'keyboard'],
    cameras: ['camera', 'projector', 'tripod'],
  },
  aviation: {
    cockpit: ['yoke', 'altimeter', 'throttle', 'panel'],
    cabin: ['seat', 'trolley', 'overhead', 'galley'],
    airport: ['turnstile', 'carousel', 'kiosk'],
    uniforms: ['jacket', 'cap', 'badge'],
    signage: ['departures', 'gate', 'wayfinding'],
  },
  office: {
    desks: ['workstation', 'bureau', 'escritoire'],
    filing: ['cabinet', 'drawer', 'binder'],
    typewriters: ['typewriter', 'ribbon'],
    supplies: ['stapler', 'ledger', 'inkwell'],
    partitions: ['cubicle', 'screen', 'divider'],
  },
  vehicles: {
    bicycles: ['bicycle', 'tricycle', 'tandem'],
    carts: ['cart', 'wagon', 'barrow'],
    scooters: ['scooter', 'moped'],
    luggage: ['suitcase', 'trunk', 'valise'],
    signs: ['hubcap', 'license', 'pump'],
  },
};
export const CATEGORIES = Object.entries(GROUPS).flatMap(([group, categories]) =>
  Object.entries(categories).map(([category, nouns]) => ({ group, category, nouns })),
);
const SUBCATEGORIES = ['antique', 'modern', 'replica'];
export const ADJECTIVES = [
  'vintage',
  'rustic',
  'ornate',
  'industrial',
  'gilded',
  'weathered',
  'sleek',
  'oversized',
  'miniature',
  'victorian',
  'deco',
  'brutalist',
  'mid-century',
  'colonial',
  'baroque',
  'futuristic',
  'distressed',
  'polished',
  'hand-painted',
  'art-nouveau',
];
export const MATERIALS = [
  'oak',
  'walnut',
  'brass',
  'chrome',
  'leather',
  'velvet',
  'marble',
  'glass',
  'wicker',
  'steel',
  'teak',
  'porcelain',
  'copper',
  'bamboo',
  'linen',
];
export const COLORS = [
  'Red',
  'Orange',
  'Yellow',
  'Green',
  'Teal',
  'Blue',
  'Navy',
  'Purple',
  'Pink',
  'Brown',
  'Tan',
  'Beige',
  'White',
  'Ivory',
  'Grey',
  'Black',
  'Gold',
  'Silver',
];
export const TAGS = Array.from(
  { length: 60 },
  (_, i) =>
    `${pick(['hero', 'background', 'practical', 'period', 'stunt', 'breakaway', 'set', 'camera', 'weathered', 'large'])}-${['prop', 'piece', 'ready', 'safe', 'dressing', 'item'][i % 6]}-${i}`,
);
export const CUSTOM = {
  eras: ['1900s', '1920s', '1930s', '1940s', '1950s', '1960s', '1970s', '1980s', '1990s', 'present-day'],
  styles: [
    'art-deco',
    'mid-century',
    'industrial',
    'rustic',
    'victorian',
    'minimalist',
    'bohemian',
    'colonial',
    'futuristic',
    'retro',
  ],
  rooms: ['kitchen', 'lounge', 'bedroom', 'office', 'bar', 'lobby', 'diner', 'library', 'cockpit', 'garage'],
};
export const VENDORS = Array.from({ length: 12 }, (_, i) => `vendor-${String(i + 1).padStart(2, '0')}`);
const PROSE =
  'the a this piece is in good condition with minor wear from use on set suitable for period dramas and commercial shoots sturdy finish original hardware restored by our workshop lightweight easy to transport cleaned checked and ready to dress any scene features detailed trim carved legs and a patinated surface that reads well on camera please handle with care some scratches visible up close pairs well with matching items in our collection can be rented as a set or individually available for long term hire ask about delivery and collection'.split(
    ' ',
  );

export function generateItem(index: number): Item {
  const { group, category, nouns } = pick(CATEGORIES);
  const noun = pick(nouns);
  const name = `${pick(ADJECTIVES)} ${pick(MATERIALS)} ${noun}`.replace(/(^|[\s-])\w/g, (s) => s.toUpperCase());
  const words = Array.from({ length: 20 + Math.floor(random() * 30) }, () => pick(PROSE));
  // Serial numbers make the vocabulary as large as a real catalogue's: thousands of one-off words.
  if (random() < 0.4) words.push('serial', `${pick(['mk', 'sn', 'ref', 'lot'])}${Math.floor(random() * 100_000)}`);
  const day = Math.round(10 * Math.exp(random() * Math.log(500)) * 100) / 100; // 10 to 5,000, log-uniform
  const created = Date.UTC(2022, 0, 1) + Math.floor(random() * 3 * 365 * 86_400_000);
  return {
    objectID: `item-${index}`,
    name,
    description: `${name}. ${words.join(' ')}.`,
    images: [],
    category: { group, category, ...(random() < 0.5 && { subcategory: pick(SUBCATEGORIES) }) },
    rates: { day, week: Math.round(day * 400) / 100 },
    quantity: 1 + Math.floor(random() * 6),
    weightLb: Math.round(random() * 200),
    tags: some(TAGS, 0, 5),
    colors: some(COLORS, 1, 3),
    customFields: { eras: some(CUSTOM.eras, 1, 2), styles: some(CUSTOM.styles, 1, 1), rooms: some(CUSTOM.rooms, 0, 2) },
    vendorId: pickSkewed(VENDORS),
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created + 86_400_000).toISOString(),
  };
}

/** What a visitor types: whole words, words half typed, words with a typo, two words. */
export function typedText(): string {
  const word = pick([...CATEGORIES.flatMap((c) => c.nouns), ...ADJECTIVES, ...MATERIALS])
    .replace('-', ' ')
    .split(' ')[0]!;
  switch (Math.floor(random() * 4)) {
    case 0:
      return word;
    case 1:
      return word.slice(0, Math.max(2, Math.ceil(word.length / 2)));
    case 2: {
      // Two neighbouring letters swapped, or one dropped.
      const at = 1 + Math.floor(random() * (word.length - 2));
      return random() < 0.5
        ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
        : word.slice(0, at) + word.slice(at + 1);
    }
    default:
      return `${pick(MATERIALS)} ${pick(CATEGORIES.flatMap((c) => c.nouns))}`;
  }
}

export function someFilters(count: number): SearchFilters {
  const filters: SearchFilters = {};
  const kinds = some(
    ['category', 'priceBin', 'vendors', 'tags', 'colors', 'eras', 'styles', 'rooms'] as const,
    count,
    count,
    pick,
  );
  for (const kind of kinds) {
    if (kind === 'category') {
      const { group, category } = pick(CATEGORIES);
      filters.category = random() < 0.5 ? { group } : { group, category };
    } else if (kind === 'priceBin')
      filters.priceBin = some(
        PRICE_BINS.map((bin) => bin.slug),
        1,
        2,
        pick,
      );
    else if (kind === 'vendors') filters.vendors = some(VENDORS, 1, 2, pick);
    else if (kind === 'tags') filters.tags = some(TAGS, 1, 2);
    else if (kind === 'colors') filters.colors = some(COLORS, 1, 3);
    else (filters.custom ??= {})[kind] = some(CUSTOM[kind], 1, 2, pick);
  }
  return filters;
}

/** Houses spread over the US and the UK (their own currencies), as the platform would list them. */
export function benchHouses(count: number): House[] {
  return Array.from({ length: count }, (_, index) => {
    const british = index % 5 === 4;
    return {
      id: `house-${index}`,
      name: `House ${index}`,
      currency: british ? 'GBP' : 'USD',
      locale: british ? 'en-GB' : 'en',
      timezone: british ? 'Europe/London' : 'America/New_York',
      location: british
        ? { lat: 50 + random() * 5, lng: -5 + random() * 6 }
        : { lat: 26 + random() * 22, lng: -122 + random() * 50 },
    };
  });
}
