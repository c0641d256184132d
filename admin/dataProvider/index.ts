/**
 * The console's data provider: ra-data-simple-rest over the Backlot API, plus what the API
 * asks of a writer.
 *
 * - Resources are named by their path under the API: `tenants`, `tenants/aviation/colors`,
 *   `tenants/aviation/history` …, so one provider serves every tenant the account may reach.
 * - Every write names the version it was based on: records carry `version` (the tenant's
 *   version when read), sent as If-Match. A stale one is answered 412, which the console shows
 *   as "someone else changed this tenant" without losing the user's values.
 * - Bulk changes run one record at a time, each re-read first, so each sends the version the
 *   previous write produced (sub-resources of one tenant share one version: parallel writes
 *   would all but one fail with 412 and leave a partial change).
 *
 * - A refused write's `errors` are react-admin's field errors. Those about another part of the
 *   tenant (`site.footerLinks.3.target` when a category move would break a link) name no field
 *   of the record being saved: they move to `body.elsewhere`, for the editor to list, so no
 *   error is left on a field that no input can clear.
 *
 * Browser code: no Node APIs. Tests pass an httpClient that adds the cookie a browser would.
 */
import type { DataProvider, Identifier, RaRecord } from 'ra-core';
import { fetchUtils } from 'ra-core';
import simpleRestProvider from 'ra-data-simple-rest';

export type HttpClient = typeof fetchUtils.fetchJson;

type Versioned = Partial<RaRecord> & { version?: unknown };

/** An httpClient that sends If-Match with `version`, when there is one. */
function withIfMatch(httpClient: HttpClient, version: unknown): HttpClient {
  // A tenant's version is a string; a record kept on its own (a customer account) counts 1, 2, 3 ….
  if (typeof version === 'number' && Number.isInteger(version)) version = String(version);
  if (typeof version !== 'string' || version === '') return httpClient;
  return (url, options = {}) => {
    const headers = new Headers(options.headers);
    headers.set('If-Match', `"${version}"`);
    return httpClient(url, { ...options, headers });
  };
}

/** Moves the field errors that name no field of `record` from `body.errors` to `body.elsewhere`. */
function withElsewhereErrors(error: Error, record: object): Error {
  const body = (error as { body?: { errors?: Record<string, string>; elsewhere?: Record<string, string> } }).body;
  if (!body?.errors) return error;
  const own = new Set(Object.keys(record));
  const entries = Object.entries(body.errors);
  const elsewhere = entries.filter(([key]) => !own.has(key.split('.')[0]!));
  if (elsewhere.length === 0) return error;
  body.elsewhere = Object.fromEntries(elsewhere);
  const mine = entries.filter(([key]) => own.has(key.split('.')[0]!));
  if (mine.length) body.errors = Object.fromEntries(mine);
  else delete body.errors;
  return error;
}

/** `apiUrl` without a trailing slash, e.g. "/api" or "http://localhost:3000/api". */
export function createDataProvider(apiUrl: string, httpClient: HttpClient = fetchUtils.fetchJson): DataProvider {
  const base = apiUrl.replace(/\/+$/, '');
  const plain = simpleRestProvider(base, httpClient);
  const basedOn = (record: Versioned | undefined) => simpleRestProvider(base, withIfMatch(httpClient, record?.version));

  const provider: DataProvider = {
    ...plain,
    update: (resource, params) =>
      basedOn((params.previousData as Versioned | undefined) ?? (params.data as Versioned))
        .update(resource, params)
        .catch((error: Error) =>
          Promise.reject(withElsewhereErrors(error, { ...params.previousData, ...params.data })),
        ),
    delete: (resource, params) => basedOn(params.previousData as Versioned | undefined).delete(resource, params),
    async updateMany(resource, params) {
      const done: Identifier[] = [];
      for (const id of params.ids) {
        const { data: previousData } = await provider.getOne(resource, { id });
        await provider.update(resource, { id, data: { ...previousData, ...params.data }, previousData });
        done.push(id);
      }
      return { data: done };
    },
    async deleteMany(resource, params) {
      const done: Identifier[] = [];
      for (const id of params.ids) {
        const { data: previousData } = await provider.getOne(resource, { id });
        await provider.delete(resource, { id, previousData });
        done.push(id);
      }
      return { data: done };
    },
    /** Items filed at each category path of a tenant ("group", "group/category", …), for the tree's save to say what moves. */
    categoryCounts: async (tenantId: string): Promise<Record<string, number>> =>
      (await httpClient(`${base}/tenants/${encodeURIComponent(tenantId)}/category-counts`)).json as Record<
        string,
        number
      >,
    /** Platform staff approve or refuse a house's application (refusing says why); approval answers the console link. */
    houseApplicationDecision: async (
      id: string,
      action: 'approve' | 'refuse',
      body: { reason?: string },
    ): Promise<{ link?: string }> =>
      (
        await httpClient(`${base}/house-applications/${encodeURIComponent(id)}/${action}`, {
          method: 'POST',
          body: JSON.stringify(body),
        })
      ).json as { link?: string },
  };
  return provider;
}
