/**
 * The storefront's pictures, over the real app with a small catalogue: each category card shows
 * the first photo of an item filed in its branch, with that photo's description, or the picture
 * the tenant chose for the entry (with its own description, else the entry's name); a card with
 * neither keeps the placeholder, described as decoration. An item page ends with up to four items
 * like it: never itself, its subcategory and shared tags first, its group's when its category has
 * too few.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../schema/types.generated';
import { sampleItem } from '../contract/item-store.contract';
import { buildTestApp, type TestApp } from '../helpers/server';

const AVIATION = 'aviation.localhost';
const photo = (name: string, alt: string) => [{ url: `/items/aviation/${name}.svg`, width: 800, height: 600, alt }];
/** Listed (and last changed) at `day`, so browse order (newest first) is known. */
const listed = (day: string) => ({ createdAt: `${day}T00:00:00Z`, updatedAt: `${day}T00:00:00Z` });
const ITEMS: Item[] = [
  // Seats › Economy: the newest comes first in a browse, so its photo is the group's card.
  sampleItem('tweed-triple', {
    name: 'Tweed Triple',
    category: { group: 'seats', category: 'economy' },
    tags: ['tweed', 'triple'],
    ...listed('2026-03-01'),
    images: photo('tweed-triple', 'Blue tweed triple seat'),
  }),
  sampleItem('leather-triple', {
    name: 'Leather Triple',
    category: { group: 'seats', category: 'economy' },
    tags: ['triple'],
    ...listed('2026-02-01'),
    images: photo('leather-triple', 'Red leather triple seat'),
  }),
  sampleItem('plain-double', {
    name: 'Plain Double',
    category: { group: 'seats', category: 'economy' },
    ...listed('2026-02-15'),
  }),
  sampleItem('tweed-double', {
    name: 'Tweed Double',
    category: { group: 'seats', category: 'economy' },
    tags: ['tweed'],
    ...listed('2026-01-01'),
  }),
  sampleItem('jump-seat', {
    name: 'Jump Seat',
    category: { group: 'seats', category: 'jump-seats' },
    ...listed('2026-01-10'),
    images: photo('jump-seat', 'Fold-down jump seat'),
  }),
  // Set dressing: no photo at all.
  sampleItem('galley-cart', {
    name: 'Galley Cart',
    category: { group: 'set-dressing', category: 'carts-and-trolleys' },
  }),
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    beforeStart: (tenants) =>
      writeFile(path.join(tenants, 'aviation', 'catalogue.json'), JSON.stringify({ items: ITEMS })),
  });
});
afterAll(() => t.close());

const html = async (url: string) => (await t.app.inject({ url, headers: { host: AVIATION } })).body;
/** Each card of a page's category grid: its address, picture and picture description. */
function cardsOf(page: string) {
  const grid = /<ul class="card-grid">([\s\S]*?)<\/ul>/.exec(page)?.[1] ?? '';
  return [
    ...grid.matchAll(
      /<a class="card" href="([^"]+)">(?:<img[^>]*src="([^"]+)"[^>]*alt="([^"]*)"|<img[^>]*alt="([^"]*)"[^>]*src="([^"]+)")?/g,
    ),
  ].map((match) => ({
    href: match[1],
    src: match[2] ?? match[5],
    alt: match[3] ?? match[4],
  }));
}

describe('category card pictures', () => {
  it("shows each rental group's newest photo on the home page and /rentals, with its description; a group without one keeps the placeholder", async () => {
    for (const url of ['/', '/rentals']) {
      const cards = cardsOf(await html(url));
      expect(cards.find((card) => card.href === '/rentals/seats')).toEqual({
        href: '/rentals/seats',
        src: '/items/aviation/tweed-triple.svg',
        alt: 'Blue tweed triple seat',
      });
      const dressing = cards.find((card) => card.href === '/rentals/set-dressing')!;
      expect(dressing.src).toMatch(/^\/assets\/aviation\/placeholder\.svg/);
      expect(dressing.alt).toBe('');
      expect(cards.map((card) => card.href)).not.toContain('/rentals/services');
    }
  });

  it("shows a category's own photos on its children's cards", async () => {
    const cards = cardsOf(await html('/rentals/seats'));
    expect(cards.find((card) => card.href === '/rentals/seats/jump-seats')).toMatchObject({
      src: '/items/aviation/jump-seat.svg',
      alt: 'Fold-down jump seat',
    });
    expect(cards.find((card) => card.href === '/rentals/seats/economy')).toMatchObject({
      src: '/items/aviation/tweed-triple.svg',
    });
  });

  it('prefers the picture the tenant chose, described as the tenant says or by the entry’s name', async () => {
    const current = await t.as('aviationAdmin', { url: '/api/tenants/aviation/categories/tree' });
    const tree = current.json();
    tree.groups[2].image = { url: '/assets/aviation/share.jpg' };
    tree.groups[1].categories[4].image = { url: '/assets/aviation/logo.svg', alt: 'Crew jump seats, folded' };
    const saved = await t.as('aviationAdmin', {
      method: 'PUT',
      url: '/api/tenants/aviation/categories/tree',
      payload: tree,
      headers: { 'if-match': `"${tree.version}"` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const home = cardsOf(await html('/'));
    expect(home.find((card) => card.href === '/rentals/set-dressing')).toMatchObject({
      src: expect.stringMatching(/^\/assets\/aviation\/share\.jpg\?v=/),
      alt: 'Set Dressing',
    });
    expect(
      cardsOf(await html('/rentals/seats')).find((card) => card.href === '/rentals/seats/jump-seats'),
    ).toMatchObject({
      src: expect.stringMatching(/^\/assets\/aviation\/logo\.svg/),
      alt: 'Crew jump seats, folded',
    });
  });
});

describe('related items', () => {
  const relatedOf = (page: string) => {
    const section = /<section class="container section related-items"[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
    return {
      heading: /<h2[^>]*>([^<]*)<\/h2>/.exec(section)?.[1],
      items: [...section.matchAll(/<a class="item-card-link" href="\/item\/([^"]+)"/g)].map((match) => match[1]),
    };
  };

  it('ends an item page with four items like it, never itself, shared tags first, then its group', async () => {
    const related = relatedOf(await html('/item/tweed-triple'));
    expect(related.heading).toBe('More like this');
    // tweed-double and leather-triple share a tag each; plain-double shares nothing; jump-seat is the group's.
    expect(related.items).toEqual(['leather-triple', 'tweed-double', 'plain-double', 'jump-seat']);
  });

  it('shows no section for an item with nothing like it', async () => {
    expect(relatedOf(await html('/item/galley-cart')).items).toEqual([]);
    expect(await html('/item/galley-cart')).not.toContain('More like this');
  });
});
