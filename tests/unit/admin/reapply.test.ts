/** After a stale save: what each side changed, and the user's changes reapplied on the newer version (objects merged per setting, lists whole, the user's value where both changed one). */
import { describe, expect, it } from 'vitest';
import { changesOf, reapply } from '../../../admin/lib/reapply';

const base = {
  id: 'site',
  version: '3',
  appTitle: 'Jetway',
  theme: { primaryColor: '#111111', textColor: '#222222' },
  items: [1, 2],
};

describe('reapply', () => {
  it('keeps their change to one setting and mine to another, and takes their version', () => {
    const mine = { ...base, theme: { ...base.theme, primaryColor: '#aa0000' } };
    const theirs = { ...base, version: '4', appTitle: 'Jetway Props', theme: { ...base.theme, textColor: '#000000' } };
    expect(reapply(base, mine, theirs)).toEqual({
      id: 'site',
      version: '4',
      appTitle: 'Jetway Props',
      theme: { primaryColor: '#aa0000', textColor: '#000000' },
      items: [1, 2],
    });
  });

  it('lets mine win where both changed the same setting, and takes lists whole', () => {
    const mine = { ...base, appTitle: 'Mine', items: [2, 1] };
    const theirs = { ...base, version: '4', appTitle: 'Theirs', items: [1, 2, 3] };
    expect(reapply(base, mine, theirs)).toMatchObject({ appTitle: 'Mine', items: [2, 1] });
  });

  it('keeps a setting I removed removed, and one they added added', () => {
    const { appTitle: _removed, ...mine } = base;
    const theirs = { ...base, version: '4', gaTrackingId: 'G-ABC123' };
    const merged = reapply(base, mine, theirs) as Record<string, unknown>;
    expect(merged).not.toHaveProperty('appTitle');
    expect(merged.gaTrackingId).toBe('G-ABC123');
  });
});

describe('changesOf', () => {
  it('lists each setting either side changed, never the record bookkeeping', () => {
    const mine = { ...base, theme: { ...base.theme, primaryColor: '#aa0000' } };
    const theirs = { ...base, version: '4', appTitle: 'Jetway Props' };
    expect(changesOf(base, mine, theirs)).toEqual([
      { path: 'appTitle', base: 'Jetway', mine: 'Jetway', theirs: 'Jetway Props' },
      { path: 'theme.primaryColor', base: '#111111', mine: '#aa0000', theirs: '#111111' },
    ]);
  });
});

describe('clashes', () => {
  it('tells a clash (both changed one setting, differently) from changes on each side, and keeps theirs there when asked', async () => {
    const { isClash } = await import('../../../admin/lib/reapply');
    const mine = { ...base, appTitle: 'Mine', theme: { ...base.theme, primaryColor: '#aa0000' } };
    const theirs = { ...base, version: '4', appTitle: 'Theirs', theme: { ...base.theme, textColor: '#000000' } };
    expect(
      changesOf(base, mine, theirs)
        .filter(isClash)
        .map((change) => change.path),
    ).toEqual(['appTitle']);
    expect(reapply(base, mine, theirs, 'theirs')).toMatchObject({
      appTitle: 'Theirs',
      theme: { primaryColor: '#aa0000', textColor: '#000000' },
      version: '4',
    });
    expect(reapply(base, mine, theirs, 'mine')).toMatchObject({ appTitle: 'Mine' });
  });

  it("keeps my fresh save stamp and never counts it as a change (items' updatedAt)", () => {
    const item = { id: 'seat', version: '1', name: 'Seat', updatedAt: '2026-01-01T00:00:00Z' };
    const mine = { ...item, name: 'Jump Seat', updatedAt: '2026-02-02T00:00:00Z' };
    const theirs = { ...item, version: '2', quantity: 3, updatedAt: '2026-02-01T00:00:00Z' };
    expect(changesOf(item, mine, theirs).map((change) => change.path)).toEqual(['name', 'quantity']);
    expect(reapply(item, mine, theirs)).toEqual({
      id: 'seat',
      version: '2',
      name: 'Jump Seat',
      quantity: 3,
      updatedAt: '2026-02-02T00:00:00Z',
    });
  });
});
