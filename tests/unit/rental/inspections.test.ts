/**
 * Inspections (schema/rental/inspections.ts): a unit is due a test never passed, one whose day
 * falls by a hire's last day, or one whose hires ran out; the scan says so in the warehouse's
 * words; a pass starts the count again, a failed check cannot pass, and each test is kept.
 */
import { describe, expect, it } from 'vitest';
import {
  afterTest,
  dueInspections,
  dueSaid,
  inspectionRulesOf,
  nextDue,
  outOnHire,
  rulesSaid,
  type InspectionRule,
} from '../../../schema/rental/inspections';
import type { Unit } from '../../../schema/types.generated';

const pat: InspectionRule = {
  id: 'pat',
  name: 'PAT',
  everyDays: 365,
  checklist: ['Plug and fuse', 'Earth continuity'],
};
const rig: InspectionRule = { id: 'rig-check', name: 'rig check', everyHires: 10 };
const lamp: Unit = {
  tenantId: 'aviation',
  tag: 'PL-0042',
  objectID: 'practical-lamp',
  status: 'inService',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  inspections: [
    { rule: 'pat', lastOn: '2026-01-12', hiresSince: 3 },
    { rule: 'rig-check', lastOn: '2026-06-01', hiresSince: 9 },
  ],
};

describe('a unit with tests', () => {
  it('is due a test whose day falls before the hire ends, said as the warehouse says it', () => {
    expect(dueInspections(lamp, [pat], '2027-01-11')).toEqual([]);
    const [due] = dueInspections(lamp, [pat], '2027-01-20');
    expect(due).toEqual({ rule: pat, reason: 'days', dueOn: '2027-01-12' });
    expect(dueSaid('Practical lamp PL-0042', due!, '2027-01-20', '2027-01-05')).toBe(
      'Practical lamp PL-0042 is due its PAT on 12 Jan; this hire ends 20 Jan.',
    );
    expect(dueSaid('Practical lamp PL-0042', due!, '2027-01-20', '2027-01-15')).toBe(
      'Practical lamp PL-0042 was due its PAT on 12 Jan: test it before it goes out.',
    );
  });

  it('is due a test never passed, and one whose hires ran out; each hire out counts', () => {
    const fresh = { ...lamp, inspections: [] };
    expect(dueInspections(fresh, [pat], '2026-12-10').map((due) => due.reason)).toEqual(['never']);
    expect(dueSaid('Lamp PL-0001', dueInspections(fresh, [pat], '2026-12-10')[0]!, '2026-12-10', '2026-12-05')).toBe(
      'Lamp PL-0001 has no PAT on record: test it before it goes out.',
    );
    expect(dueInspections(lamp, [rig], '2026-12-10')).toEqual([]);
    const out = outOnHire(lamp, [pat, rig]);
    expect(out.inspections).toEqual([
      { rule: 'pat', lastOn: '2026-01-12', hiresSince: 3 },
      { rule: 'rig-check', lastOn: '2026-06-01', hiresSince: 10 },
    ]);
    const [due] = dueInspections(out, [rig], '2026-12-10');
    expect(dueSaid('Lamp PL-0042', due!, '2026-12-10', '2026-12-05')).toBe(
      'Lamp PL-0042 is due its rig check: 10 hires since the last (one every 10).',
    );
    expect(nextDue(out, [pat, rig], '2026-12-05')).toEqual([
      { rule: pat, dueOn: '2027-01-12', reason: 'days' },
      { rule: rig, dueOn: '2026-12-05', reason: 'hires' },
    ]);
  });

  it('passes a test to start again from today, keeps a failed one as it stood, and refuses a pass with a failed check', () => {
    const now = new Date('2027-01-05T17:00:00Z');
    const passed = afterTest(
      lamp,
      pat,
      { result: 'pass', checks: [{ label: 'Plug and fuse', pass: true }] },
      'crew@jetway.example',
      now,
      '2027-01-05',
    );
    if ('refused' in passed) throw new Error(passed.refused);
    expect(passed.unit.inspections).toContainEqual({ rule: 'pat', lastOn: '2027-01-05', hiresSince: 0 });
    expect(passed.unit.service).toEqual([
      {
        at: '2027-01-05T17:00:00.000Z',
        by: 'crew@jetway.example',
        kind: 'inspection',
        rule: 'pat',
        name: 'PAT',
        result: 'pass',
        checks: [{ label: 'Plug and fuse', pass: true }],
      },
    ]);
    expect(dueInspections(passed.unit, [pat], '2027-06-01')).toEqual([]);
    const failed = afterTest(lamp, pat, { result: 'fail', note: 'Frayed flex' }, 'crew', now, '2027-01-05');
    if ('refused' in failed) throw new Error(failed.refused);
    expect(failed.unit.inspections).toEqual(lamp.inspections);
    expect(failed.record).toMatchObject({ result: 'fail', note: 'Frayed flex' });
    expect(
      afterTest(lamp, pat, { result: 'pass', checks: [{ label: 'Earth', pass: false }] }, 'crew', now, '2027-01-05'),
    ).toEqual({ refused: 'A failed check fails the test: record it as failed, or pass every check.' });
    expect(afterTest(lamp, undefined, { result: 'pass' }, 'crew', now, '2027-01-05')).toEqual({
      refused: "That is not one of this item's tests.",
    });
  });
});

describe('tests set for a whole category', () => {
  const tree = {
    groups: [
      {
        name: 'Studio gear',
        slug: 'studio-gear',
        inspections: [{ id: 'visual', name: 'Visual check', everyHires: 1 }],
        categories: [
          {
            name: 'Lighting',
            slug: 'lighting',
            inspections: [pat],
            subcategories: [
              { name: 'Mood', slug: 'mood', inspections: [{ ...pat, name: 'Mood PAT', everyDays: 180 }] },
            ],
          },
        ],
      },
    ],
  };
  it('take each test id from the narrowest entry that sets it, the item first', () => {
    const inMood = { category: { group: 'studio-gear', category: 'lighting', subcategory: 'mood' } };
    expect(inspectionRulesOf(inMood, tree).map((rule) => rule.name)).toEqual(['Mood PAT', 'Visual check']);
    expect(inspectionRulesOf({ category: { group: 'studio-gear', category: 'lighting' } }, tree)).toEqual([
      pat,
      { id: 'visual', name: 'Visual check', everyHires: 1 },
    ]);
    expect(inspectionRulesOf({ ...inMood, inspections: [rig, { ...pat, name: 'Own PAT' }] }, tree)).toEqual([
      rig,
      { ...pat, name: 'Own PAT' },
      { id: 'visual', name: 'Visual check', everyHires: 1 },
    ]);
    expect(inspectionRulesOf({ category: { group: 'props', category: 'chairs' } }, tree)).toEqual([]);
    expect(
      inspectionRulesOf({ inspections: [rig], category: { group: 'props', category: 'chairs' } }, undefined),
    ).toEqual([rig]);
  });
  it('are said in a line', () => {
    expect(rulesSaid([pat, rig, { id: 'both', name: 'Rig', everyHires: 1, everyDays: 90 }])).toBe(
      'PAT every 365 days; rig check every 10 hires; Rig every 1 hire or 90 days',
    );
    expect(rulesSaid(undefined)).toBe('');
    expect(rulesSaid([{ name: 'Visual', everyHires: 1, everyDays: null as unknown as undefined }])).toBe(
      'Visual every 1 hire',
    );
  });
});
