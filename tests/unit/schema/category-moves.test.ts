/** schema/category-moves.ts: moves and removals from origins, where an item goes, and redirects that collapse chains. */
import { describe, expect, it } from 'vitest';
import {
  inferredTreeEdit,
  movedCategory,
  redirectFor,
  redirectsAfter,
  treeEdit,
  withOrigins,
  withoutOrigins,
} from '../../../schema/category-moves';
import type { CategoryTree } from '../../../schema/types.generated';

const tree: CategoryTree = {
  groups: [
    {
      name: 'Marine',
      slug: 'marine',
      categories: [
        { name: 'Docks & Piers', slug: 'docks-piers', subcategories: [{ name: 'Cleats', slug: 'cleats' }] },
        { name: 'Buoys', slug: 'buoys' },
      ],
    },
    { name: 'Set Dressing', slug: 'set-dressing', categories: [] },
  ],
};

describe('category moves', () => {
  it('reads a move (the origin kept) and a removal (no entry came from it); strips origins for storage', () => {
    const edited = withOrigins(tree);
    const [docks] = edited.groups[0]!.categories.splice(0, 1);
    edited.groups[1]!.categories.push(docks!);
    edited.groups[0]!.categories.splice(0, 1);
    expect(treeEdit(tree, edited)).toEqual({
      moves: [
        { from: 'marine/docks-piers', to: 'set-dressing/docks-piers' },
        { from: 'marine/docks-piers/cleats', to: 'set-dressing/docks-piers/cleats' },
      ],
      removed: ['marine/buoys'],
    });
    expect(JSON.stringify(withoutOrigins(edited))).not.toContain('origin');
  });

  it('sends an item to where its deepest moved level went, and leaves others', () => {
    const moves = [{ from: 'marine/docks-piers', to: 'set-dressing/piers' }];
    expect(movedCategory({ group: 'marine', category: 'docks-piers', subcategory: 'cleats' }, moves)).toEqual({
      group: 'set-dressing',
      category: 'piers',
      subcategory: 'cleats',
    });
    expect(movedCategory({ group: 'marine', category: 'buoys' }, moves)).toBeUndefined();
    expect(movedCategory({ group: 'marine', category: 'buoys' }, [{ from: 'marine', to: 'harbor' }])).toEqual({
      group: 'harbor',
      category: 'buoys',
    });
  });

  it('collapses chains, drops redirects from live pages or to gone ones, and serves subpages by prefix', () => {
    const first = redirectsAfter(
      [],
      [{ from: 'marine/docks-piers', to: 'set-dressing/docks-piers' }],
      ['set-dressing', 'set-dressing/docks-piers'],
    );
    const second = redirectsAfter(
      first,
      [{ from: 'set-dressing/docks-piers', to: 'set-dressing/piers' }],
      ['set-dressing', 'set-dressing/piers'],
    );
    expect(second).toEqual([
      { from: '/rentals/marine/docks-piers', to: '/rentals/set-dressing/piers' },
      { from: '/rentals/set-dressing/docks-piers', to: '/rentals/set-dressing/piers' },
    ]);
    expect(redirectsAfter(second, [], ['marine', 'marine/docks-piers', 'set-dressing'])).toEqual([]);
    expect(redirectFor('/rentals/marine/docks-piers/cleats', second)).toBe('/rentals/set-dressing/piers/cleats');
    expect(redirectFor('/rentals/marine', second)).toBeUndefined();
  });
});

describe('a whole tree sent without origins', () => {
  const tree = (groups: Record<string, string[]>): CategoryTree => ({
    groups: Object.entries(groups).map(([slug, categories]) => ({
      name: slug,
      slug,
      categories: categories.map((category) => ({ name: category, slug: category })),
    })),
  });
  it('reads a slug gone from one place and found once at the same depth elsewhere as a move, anything else gone as removed', () => {
    expect(
      inferredTreeEdit(
        tree({ seats: ['jump', 'gate'], dressing: ['carts'] }),
        tree({ seats: ['gate'], dressing: ['carts', 'jump'] }),
      ),
    ).toEqual({
      moves: [{ from: 'seats/jump', to: 'dressing/jump' }],
      removed: [],
    });
    // A renamed slug, or a slug that appears in two new places, is a removal: which is meant would be a guess.
    expect(inferredTreeEdit(tree({ seats: ['jump'] }), tree({ seats: ['jumpers'] }))).toEqual({
      moves: [],
      removed: ['seats/jump'],
    });
    expect(
      inferredTreeEdit(tree({ seats: ['jump'], a: [], b: [] }), tree({ seats: [], a: ['jump'], b: ['jump'] })),
    ).toEqual({ moves: [], removed: ['seats/jump'] });
    expect(inferredTreeEdit(tree({ seats: ['jump'] }), tree({ seats: ['jump'] }))).toEqual({ moves: [], removed: [] });
  });
});
