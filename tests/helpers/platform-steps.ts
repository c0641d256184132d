/**
 * Steps of the platform's browser tests that span houses: platform staff's API session (a house's
 * site settings edited, a production approved at a house, each part of a production request
 * quoted), a production request sent from the production's page, and one part opened at its house.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { STAFF, type ConsoleUnderTest } from './console';
import { http } from './server-process';

/** Platform staff signed in to the console, with their session's API calls. */
export async function platformStaff(app: ConsoleUnderTest) {
  const staff = await app.logIn(STAFF);
  await staff.page.waitForURL(/#\/tenants/);
  const cookie = await staff.cookie();
  const api = (method: 'GET' | 'PUT' | 'POST', pathname: string, body?: object, headers = {}) =>
    http(`${app.server.url}${pathname}`, {
      method,
      headers: { cookie, origin: app.server.url, ...headers },
      ...(body && { body }),
    });
  /** A house's site settings, changed and saved on the version read. */
  const editSite = async (house: string, change: Record<string, unknown>) => {
    const site = (await api('GET', `/api/tenants/${house}/settings/site`)).json();
    const saved = await api(
      'PUT',
      `/api/tenants/${house}/settings/site`,
      { ...site, ...change },
      { 'if-match': `"${site.version}"` },
    );
    expect(saved.status, saved.text).toBe(200);
  };
  /** A visitor approved to ask the house for quotes. */
  const approve = async (house: string, uid: string) =>
    expect((await api('PUT', `/api/tenants/${house}/users/${uid}`, { isAuthorized: true })).status).toBe(200);
  /** Each house's part of a production request priced as it stands (its quote's default pricing). */
  const quoteParts = async (parts: ReadonlyArray<{ house: string; quoteId: string }>) => {
    for (const { house, quoteId } of parts) {
      const read = await api('GET', `/api/tenants/${house}/quote-requests/${quoteId}`);
      const quoted = await api(
        'POST',
        `/api/tenants/${house}/quote-requests/${quoteId}/quote`,
        { adjustments: {}, services: [] },
        { 'if-match': String(read.headers.etag) },
      );
      expect(quoted.status, quoted.text).toBe(200);
    }
  };
  return { ...staff, api, editSite, approve, quoteParts };
}

/** Sends a production request from the production's page (its session); answers its status. */
export const sendProductionRequest = (page: Page, body: object) =>
  page.evaluate(
    (request) =>
      fetch('/api/production-requests', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      }).then((response) => response.status),
    body,
  );

/** A production request's parts, as its production reads them. */
export const partsOf = async (page: Page, key: string) =>
  (
    (await page.evaluate((id) => fetch(`/api/production-requests/${id}`).then((r) => r.json()), key)) as {
      parts: Array<{ house: string; quoteId: string; state: string }>;
    }
  ).parts;

/** Opens a part from the platform: the production lands on the house's own page for it, signed in. */
export async function openPart(page: Page, platform: string, house: string, quoteId: string): Promise<void> {
  await page.goto(`${platform}/quotes/${quoteId}`);
  await page.waitForURL(new RegExp(`^http://${house}\\.localhost:\\d+/quotes/${quoteId}$`));
  await page.locator('html[data-hydrated]').waitFor();
}
