/**
 * admin/history/tenant-changes.ts: History's "what changed" between any two versions, with list
 * entries matched by their identity (slug, path, target …), never by position, and every setting
 * named from the schema's titles.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tenantChanges } from '../../../admin/history/tenant-changes';
import { loadTenant } from '../../../schema/node/loader';
import type { Tenant } from '../../../schema/types.generated';
import { tenantsDir } from '../../helpers/paths';

const aviation = (await loadTenant(path.join(tenantsDir, 'aviation'))).tenant as Tenant;
const copy = () => structuredClone(aviation);

describe('tenantChanges', () => {
  it('says a moved category moved, once, instead of listing every later entry as changed', () => {
    const after = copy();
    const [from, to] = [after.categories.groups[0]!, after.categories.groups[1]!];
    const [moving] = from.categories.splice(1, 1);
    to.categories.push(moving!);
    const changes = tenantChanges(aviation, after);
    expect(changes).toEqual([
      {
        label: moving!.name,
        kind: 'moved',
        before: `Categories › Groups › ${from.name} › Categories`,
        after: `Categories › Groups › ${to.name} › Categories`,
      },
    ]);
  });

  it('names a changed setting from the schema titles, with before and after as text', () => {
    const after = copy();
    after.site.theme!.primaryColor = '#112233';
    after.categories.groups[0]!.categories[0]!.glCode = '4999';
    const changes = tenantChanges(aviation, after);
    expect(changes).toContainEqual({
      label: 'Site settings › Storefront theme › Primary colour',
      kind: 'changed',
      before: aviation.site.theme!.primaryColor,
      after: '#112233',
    });
    const category = aviation.categories.groups[0]!.categories[0]!;
    expect(changes).toContainEqual(
      expect.objectContaining({
        label: expect.stringMatching(
          new RegExp(`› ${aviation.categories.groups[0]!.name} › Categories › ${category.name} › GL code$`),
        ),
        after: '4999',
      }),
    );
    expect(changes.every((change) => !/[{}[\]"]/.test(change.before + change.after))).toBe(true);
  });

  it('tells an added, a removed and a reordered entry apart, and a list of plain values whole', () => {
    const after = copy();
    const colours = after.site.colorMap!;
    const removed = colours.shift()!;
    colours.push({ ...colours[0]!, name: 'Sea Glass', hex: '#9fd3c7' } as (typeof colours)[number]);
    [colours[0], colours[1]] = [colours[1]!, colours[0]!];
    after.vendor.weeklyDiscounts = [...after.vendor.weeklyDiscounts!].reverse() as typeof after.vendor.weeklyDiscounts;
    const changes = tenantChanges(aviation, after);
    expect(changes.map((change) => change.kind).sort()).toEqual(['added', 'changed', 'removed', 'reordered']);
    expect(changes.find((change) => change.kind === 'removed')!.label).toMatch(new RegExp(`› ${removed.name}$`));
    expect(changes.find((change) => change.kind === 'added')!.label).toMatch(/› Sea Glass$/);
  });

  it('finds nothing between a version and itself, and everything added from nothing', () => {
    expect(tenantChanges(aviation, copy())).toEqual([]);
    expect(tenantChanges(undefined, aviation).length).toBeGreaterThan(0);
  });
});
