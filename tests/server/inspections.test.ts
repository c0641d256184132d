/**
 * Inspections on the real app over HTTP (issue 53): a lamp whose PAT is not on record is refused
 * at scan-out in words, tested from the scan screen's call (the checklist passed) and scanned on;
 * another fails and goes to repair, its stock kept back at once and the hire it leaves short named
 * on Dispatch; a repair is kept with what it
 * cost; the due list names what is due this week and leaves out what passed, and so does the
 * vendor's calendar feed.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../schema/rental/quote-rules';
import { TINY_PNG } from '../fixtures/tiny-png';
import { confirmedOrder } from '../helpers/confirmed-order';
import { aviationApi, buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ identity: { attemptsPerMinute: 1000 }, quotes: { requestsPerMinute: 1000 } });
});
afterAll(() => t.close());

/** Four in stock. */
const LAMPS = 'cockpit-flood-light-pair';
const api = aviationApi(() => t);

describe('a unit due its test', () => {
  it('is refused at scan-out, tested there and scanned on; a failed one goes to repair; the due list says what is left', async () => {
    await t.app.itemStore.update('aviation', LAMPS, (item) => ({
      ...item,
      inspections: [{ id: 'pat', name: 'PAT', everyDays: 365, checklist: ['Plug and fuse', 'Earth continuity'] }],
    }));
    const made = await api(`items/${LAMPS}/units`, {});
    expect(made.statusCode).toBe(201);
    const [first, second] = (made.json() as Array<{ tag: string }>).map((unit) => unit.tag);
    const order = await confirmedOrder(t, 'pat@studio.example', [{ objectID: LAMPS, quantity: 1 }], 0, 'Night Shoot');

    let sequence = 0;
    const scanOut = (tag: string) =>
      api(`orders/${order.id}/scans`, {
        id: `pat-scan-${++sequence}-abcdef`,
        direction: 'out',
        code: `aviation/${tag}`,
      });
    const refused = await scanOut(first!);
    expect(refused.json().record).toMatchObject({
      outcome: 'unavailable',
      message: `Cockpit Flood Light Pair ${first} has no PAT on record: test it before it goes out.`,
    });

    // The scan screen asks what is due by the hire's last day, and records a pass with its checklist.
    const due = await api(`units/${first}/tests?until=${order.endDate}`);
    expect(due.json()).toMatchObject({
      due: [{ rule: 'pat', name: 'PAT', reason: 'never' }],
      tests: [{ id: 'pat', checklist: ['Plug and fuse', 'Earth continuity'] }],
    });
    const failedCheck = await api(`units/${first}/tests`, {
      rule: 'pat',
      result: 'pass',
      checks: [{ label: 'Plug and fuse', pass: false }],
    });
    expect(failedCheck.statusCode).toBe(409);
    expect(failedCheck.json().message).toBe('A failed check fails the test: record it as failed, or pass every check.');
    const passed = await api(`units/${first}/tests`, {
      rule: 'pat',
      result: 'pass',
      checks: [
        { label: 'Plug and fuse', pass: true },
        { label: 'Earth continuity', pass: true },
      ],
    });
    expect(passed.statusCode, passed.body).toBe(200);
    expect((await scanOut(first!)).json().record.outcome).toBe('ok');

    // Another production books the other three on the same days.
    const second3 = await confirmedOrder(t, 'pat-2@studio.example', [{ objectID: LAMPS, quantity: 3 }], 0, 'Day Shoot');
    // The second fails: to repair at once, one fewer free from today.
    const freeOnOrderDays = async () =>
      (await api(`availability/${LAMPS}?from=${order.startDate}&to=${order.startDate}`)).json().days[0].free;
    expect(await freeOnOrderDays()).toBe(0);
    const shortOnDispatch = async () =>
      ((await api('dispatch?days=7')).json().going as Array<{ id: string; short: unknown[] }>).find(
        (row) => row.id === second3.id,
      )!.short;
    expect(await shortOnDispatch()).toEqual([]);
    const failed = await api(`units/${second}/tests`, { rule: 'pat', result: 'fail', note: 'Frayed flex' });
    expect(failed.json()).toMatchObject({ status: 'repair', condition: 'Frayed flex' });
    // The hire booked on the lamp that failed is short now, and Dispatch says so.
    expect(await shortOnDispatch()).toEqual([
      { objectID: LAMPS, item: 'Cockpit Flood Light Pair', day: second3.startDate, free: 2, quantity: 3 },
    ]);
    const repaired = await api(`units/${second}/repairs`, {
      name: 'New flex and plug',
      parts: 12.5,
      hours: 0.5,
      labour: 20,
    });
    expect(
      repaired.json().service.map((record: { kind: string; result?: string }) => [record.kind, record.result]),
    ).toEqual([
      ['inspection', 'fail'],
      ['repair', undefined],
    ]);

    // Due this week: the three never passed (the one in repair too), not the one that passed.
    const list = await api('tests-due?days=7');
    const tags = (list.json().due as Array<{ tag: string; test: string; overdue: boolean }>).map((row) => row.tag);
    expect(tags).toHaveLength(3);
    expect(tags).not.toContain(first);
    expect(tags).toContain(second);
    expect(list.json().until).toBe(addDays(list.json().today, 6));
    // Ninety days at most, counted in whole days.
    expect((await api('tests-due?days=90')).statusCode).toBe(200);
    for (const days of ['0', '91', '7.5', '07'])
      expect((await api(`tests-due?days=${days}`)).statusCode, days).toBe(400);

    // The vendor's calendar shows them too, read by a real iCalendar parser.
    const link = (await t.as('aviationAdmin', { method: 'POST', url: '/api/tenants/aviation/calendar-feed' })).json();
    const feed = await t.app.inject({ url: new URL(link.url as string).pathname });
    const events = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents('vevent')
      .map((event) => new ICAL.Event(event));
    const testsDue = events.filter((event) => event.summary.startsWith('PAT due: '));
    expect(testsDue.map((event) => event.summary).sort()).toEqual(
      tags.map((tag) => `PAT due: Cockpit Flood Light Pair ${tag}`).sort(),
    );
    expect(testsDue[0]!.startDate.isDate).toBe(true);
    expect(testsDue[0]!.startDate.toString()).toBe(list.json().today);
  });
});

describe("a category's tests", () => {
  it('apply to every item in it, a narrower entry or the item itself changing a test of the same id', async () => {
    const tree = (await api('categories/tree')).json();
    const save = (payload: object) =>
      t.as('aviationAdmin', {
        method: 'PUT',
        url: '/api/tenants/aviation/categories/tree',
        payload,
        headers: { 'if-match': `"${(payload as { version: number }).version}"` },
      });
    const lighting = tree.groups.find((group: { slug: string }) => group.slug === 'studio-gear').categories;
    const lightingAt = lighting.findIndex((entry: { slug: string }) => entry.slug === 'lighting');
    const moodAt = lighting[lightingAt].subcategories.findIndex(
      (entry: { slug: string }) => entry.slug === 'cabin-mood-lighting',
    );
    const groupAt = tree.groups.findIndex((group: { slug: string }) => group.slug === 'studio-gear');
    // A test every 0 days is refused at its field.
    lighting[lightingAt].inspections = [{ id: 'pat', name: 'PAT', everyDays: 0 }];
    const refused = await save(tree);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(
      `/groups/${groupAt}/categories/${lightingAt}/inspections/0/everyDays`,
    );
    // Every light is PAT-tested yearly; the mood lighting twice a year.
    lighting[lightingAt].inspections = [{ id: 'pat', name: 'PAT', everyDays: 365, checklist: ['Plug and fuse'] }];
    lighting[lightingAt].subcategories[moodAt].inspections = [{ id: 'pat', name: 'Mood PAT', everyDays: 180 }];
    const saved = await save(tree);
    expect(saved.statusCode, saved.body).toBe(200);

    // The reading lights set no test of their own: the subcategory's applies, and keeps the unit in.
    const READING = 'cabin-reading-light-set-12';
    const [reading] = (await api(`items/${READING}/units`, {})).json() as Array<{ tag: string }>;
    expect((await api(`units/${reading!.tag}/tests`)).json()).toMatchObject({
      tests: [{ id: 'pat', name: 'Mood PAT', everyDays: 180 }],
      due: [{ rule: 'pat', reason: 'never' }],
    });
    const order = await confirmedOrder(t, 'mood@studio.example', [{ objectID: READING, quantity: 1 }], 0, 'Cabin');
    const scan = await api(`orders/${order.id}/scans`, {
      id: 'mood-scan-1-abcdef',
      direction: 'out',
      code: `aviation/${reading!.tag}`,
    });
    expect(scan.json().record).toMatchObject({
      outcome: 'unavailable',
      message: `Cabin Reading Light Set (12) ${reading!.tag} has no Mood PAT on record: test it before it goes out.`,
    });
    // The DMX controller sets its own PAT, by hires: that one is its test, not the category's.
    const DMX = 'cabin-mood-lighting-controller-dmx';
    await t.app.itemStore.update('aviation', DMX, (item) => ({
      ...item,
      inspections: [{ id: 'pat', name: 'Controller check', everyHires: 5 }],
    }));
    const [controller] = (await api(`items/${DMX}/units`, {})).json() as Array<{ tag: string }>;
    expect((await api(`units/${controller!.tag}/tests`)).json().tests).toEqual([
      { id: 'pat', name: 'Controller check', everyHires: 5, checklist: [] },
    ]);
    // The due list names both, each by its own test.
    const due = (await api('tests-due?days=7')).json().due as Array<{ tag: string; test: string }>;
    expect(due).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tag: reading!.tag, test: 'Mood PAT' }),
        expect.objectContaining({ tag: controller!.tag, test: 'Controller check' }),
      ]),
    );
  });
});

describe("a test's photos", () => {
  it('are kept on its record when this house stored them, and refused at the photo when not', async () => {
    const lamp = ((await api(`items/${LAMPS}/units`)).json() as Array<{ tag: string; status: string }>).find(
      (unit) => unit.status === 'inService',
    );
    const upload = await api('item-photos', { name: 'scorched-plug.png', data: TINY_PNG.toString('base64') });
    expect(upload.statusCode, upload.body).toBe(201);
    const photo = upload.json().url as string;
    const foreign = await api(`units/${lamp!.tag}/tests`, {
      rule: 'pat',
      result: 'fail',
      photos: [photo, '/items/harbor/scorched-plug.png'],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({
      'photos.1': 'Photo 2 must be an image uploaded here, in this house’s own photos.',
    });
    const failed = await api(`units/${lamp!.tag}/tests`, {
      rule: 'pat',
      result: 'fail',
      note: 'Scorched plug',
      photos: [photo],
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().service.at(-1)).toMatchObject({
      kind: 'inspection',
      result: 'fail',
      note: 'Scorched plug',
      photos: [photo],
    });
  });
});
