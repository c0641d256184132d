/**
 * A STAND-IN for Algolia's REST API, for tests: NOT Algolia, and nowhere near all of it. A plain
 * node:http server on 127.0.0.1 (a free port) that answers only what server/search/algolia-search.ts
 * sends through the official client, so the adapter can be run offline:
 *
 * - `POST /1/indexes/{index}/batch` (addObject, updateObject, partialUpdateObject,
 *   partialUpdateObjectNoCreate, deleteObject, clear), `POST /1/indexes/{index}/clear`,
 *   `DELETE /1/indexes/{index}/{objectID}`, `POST /1/indexes/{index}/deleteByQuery` (facetFilters
 *   only, as the queries below read them; no filter at all is refused, as Algolia refuses it);
 * - `GET|PUT /1/indexes/{index}/settings`: modelled are searchableAttributes (in order, commas for
 *   equal rank), attributesForFaceting (`filterOnly(…)` filters but is not counted), replicas
 *   (standard ones: they share the primary's records, keep their own settings, refuse writes),
 *   ranking (asc()/desc() and `attribute` and `custom`; the other criteria tie), customRanking,
 *   queryType, paginationLimitedTo, maxValuesPerFacet, userData (kept as given). removeStopWords, attributesToHighlight and
 *   attributesToSnippet are accepted and ignored. Any other setting is refused (400);
 * - `POST /1/indexes/{index}/synonyms/batch` (forwardToReplicas, replaceExistingSynonyms): regular
 *   (multi-way) synonyms only, `{ objectID, type: 'synonym', synonyms }`; a query word then also
 *   matches its groups' words, whole;
 * - `GET /1/indexes/{index}/task/{taskID}`: every write or settings change is a task, applied
 *   `indexingDelayMs` after it is received (in order, per primary index) and `notPublished` until
 *   then, so a search made without waiting for the task does not see the write;
 * - `POST /1/indexes/* /queries` (multi-query): query, facetFilters (AND of OR groups; `attr:value`
 *   split at the first colon, a leading `-` negates, `\-` is a literal minus), facets, page,
 *   hitsPerPage (at most 1000), maxValuesPerFacet; analytics, clickAnalytics,
 *   attributesToHighlight and attributesToSnippet are accepted and ignored. Any other parameter is
 *   refused (400), as is a query over 512 bytes (as Algolia does).
 *
 * Matching is deliberately simple: words are runs of letters and digits, case and accents folded;
 * a record matches when every query word equals, or (per queryType: prefixLast by default, or
 * prefixAll) starts, a word of a searchable attribute, or equals one of its synonyms. No typo
 * tolerance (the `typo` criterion ties), no stop words, no plurals. Facet values match exactly (Algolia ignores their case). Ties after the ranking are
 * broken by objectID. Anything else answers 400 "not part of the stand-in", and a wrong app id or
 * key 403, as Algolia does.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface AlgoliaStandInOptions {
  appId?: string;
  apiKey?: string;
  /** How long a task waits before it is applied (default 15 ms): Algolia indexes asynchronously. */
  indexingDelayMs?: number;
  /**
   * From how many matches the facet counts are reported approximate (`exhaustive.facetsCount`
   * false), as Algolia does when counting would pass its time budget; default never.
   */
  approximateFacetCountsFrom?: number;
}

export interface AlgoliaStandIn {
  /** Its origin, `http://127.0.0.1:<port>`, for BACKLOT_ALGOLIA_HOST or the adapter's `host`. */
  url: string;
  appId: string;
  apiKey: string;
  /** Every request received, in order (method, path without the query string, parsed body). */
  requests: Array<{ method: string; path: string; body: unknown }>;
  /** The records an index holds now (a replica: its primary's), or undefined if there is no such index. */
  records(indexName: string): Array<Record<string, unknown>> | undefined;
  /** Holds every task not yet applied (and any new one) until resumeIndexing: a test sees "not yet published" however slow the machine. */
  pauseIndexing(): void;
  resumeIndexing(): void;
  close(): Promise<void>;
}

type Rec = Record<string, unknown>;
type Settings = Record<string, unknown>;

interface Index {
  name: string;
  settings: Settings;
  /** Its synonym groups by objectID, each group's words folded. */
  synonyms?: Map<string, string[]>;
  /** The primary's name, for a replica. */
  primary?: string;
  /** Shared with the replicas. */
  records: Map<string, Rec>;
}

interface Task {
  id: number;
  published: boolean;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MODELLED_SETTINGS = new Set([
  'searchableAttributes',
  'attributesForFaceting',
  'replicas',
  'ranking',
  'customRanking',
  'queryType',
  'paginationLimitedTo',
  'maxValuesPerFacet',
  'userData',
]);
const IGNORED_SETTINGS = new Set(['removeStopWords', 'attributesToHighlight', 'attributesToSnippet']);
const MODELLED_PARAMS = new Set([
  'indexName',
  'type',
  'query',
  'facetFilters',
  'facets',
  'page',
  'hitsPerPage',
  'maxValuesPerFacet',
  'aroundLatLng',
  'aroundRadius',
]);
const IGNORED_PARAMS = new Set(['analytics', 'clickAnalytics', 'attributesToHighlight', 'attributesToSnippet']);
const DEFAULT_RANKING = ['typo', 'geo', 'words', 'filters', 'proximity', 'attribute', 'exact', 'custom'];

const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;
const wordsOf = (text: string) => text.normalize('NFKD').replace(MARKS, '').toLowerCase().match(WORD) ?? [];

/** `a.b.c` of a record. */
function valueAt(record: Rec, path: string): unknown {
  let value: unknown = record;
  for (const part of path.split('.')) value = value && typeof value === 'object' ? (value as Rec)[part] : undefined;
  return value;
}

/** Every string in a value (arrays and objects walked), as facet values or text. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** attributesForFaceting entries as attribute names, and whether each is counted (not filterOnly). */
function facetAttributes(settings: Settings): Map<string, { counted: boolean }> {
  const attributes = new Map<string, { counted: boolean }>();
  for (const entry of (settings.attributesForFaceting as string[] | undefined) ?? []) {
    const match = /^(filterOnly|searchable|afterDistinct)\((.*)\)$/.exec(entry);
    attributes.set(match ? match[2]! : entry, { counted: match?.[1] !== 'filterOnly' });
  }
  return attributes;
}

export async function startAlgoliaStandIn(options: AlgoliaStandInOptions = {}): Promise<AlgoliaStandIn> {
  const appId = options.appId ?? 'STANDIN';
  const apiKey = options.apiKey ?? 'stand-in-key';
  const delay = options.indexingDelayMs ?? 15;
  const approximateFrom = options.approximateFacetCountsFrom ?? Infinity;
  const indices = new Map<string, Index>();
  const tasks = new Map<number, Task>();
  /** Per primary index, the end of its chain of pending tasks (applied in order). */
  const queues = new Map<string, Promise<void>>();
  const requests: AlgoliaStandIn['requests'] = [];
  const timers = new Set<NodeJS.Timeout>();
  let nextTaskID = 1;
  let indexing = Promise.resolve();
  let resumeIndexing = () => {};

  const primaryOf = (index: Index) => (index.primary ? (indices.get(index.primary) ?? index) : index);

  /** Queues `apply` on the primary index's chain, `delay` ms from now; answers its taskID at once. */
  function task(indexName: string, apply: () => void): { taskID: number; updatedAt: string } {
    const id = nextTaskID++;
    const entry: Task = { id, published: false };
    tasks.set(id, entry);
    const after = queues.get(indexName) ?? Promise.resolve();
    const done = after.then(
      () =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            void indexing.then(() => {
              apply();
              entry.published = true;
              resolve();
            });
          }, delay);
          timers.add(timer);
        }),
    );
    queues.set(indexName, done);
    return { taskID: id, updatedAt: new Date().toISOString() };
  }

  /** The index a write goes to, made if absent (as Algolia does); replicas refuse writes. */
  function writable(name: string): Index {
    let index = indices.get(name);
    if (!index) indices.set(name, (index = { name, settings: {}, records: new Map() }));
    if (index.primary)
      throw new HttpError(400, `cannot write to replica index ${name} (write to its primary ${index.primary})`);
    return index;
  }

  function applyBatch(name: string, operations: Array<{ action: string; body?: Rec }>): void {
    const index = writable(name);
    for (const { action, body = {} } of operations) {
      const objectID = typeof body.objectID === 'string' ? body.objectID : undefined;
      switch (action) {
        case 'addObject':
        case 'updateObject':
          index.records.set(objectID!, structuredClone(body));
          break;
        case 'partialUpdateObject':
        case 'partialUpdateObjectNoCreate': {
          const current = index.records.get(objectID!);
          if (current || action === 'partialUpdateObject')
            index.records.set(objectID!, { ...current, ...structuredClone(body) });
          break;
        }
        case 'deleteObject':
          index.records.delete(objectID!);
          break;
        case 'clear':
          index.records.clear();
          break;
      }
    }
  }

  function batch(name: string, body: unknown) {
    const operations = (body as { requests?: unknown })?.requests;
    if (!Array.isArray(operations)) throw new HttpError(400, 'batch needs requests');
    for (const operation of operations as Array<{ action?: unknown; body?: Rec }>) {
      if (
        ![
          'addObject',
          'updateObject',
          'partialUpdateObject',
          'partialUpdateObjectNoCreate',
          'deleteObject',
          'clear',
        ].includes(String(operation.action))
      ) {
        throw new HttpError(
          400,
          `stand-in: batch action ${JSON.stringify(operation.action)} is not part of the stand-in`,
        );
      }
      if (
        operation.action !== 'clear' &&
        operation.action !== 'addObject' &&
        typeof operation.body?.objectID !== 'string'
      )
        throw new HttpError(400, `${String(operation.action)} needs an objectID`);
      if (operation.action === 'addObject' && typeof operation.body?.objectID !== 'string')
        throw new HttpError(400, 'stand-in: addObject without an objectID is not part of the stand-in');
    }
    const index = writable(name);
    const ops = structuredClone(operations) as Array<{ action: string; body?: Rec }>;
    return {
      ...task(index.name, () => applyBatch(name, ops)),
      objectIDs: ops.map((op) => op.body?.objectID).filter(Boolean),
    };
  }

  function setSettings(name: string, body: unknown) {
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new HttpError(400, 'settings must be an object');
    for (const key of Object.keys(body))
      if (!MODELLED_SETTINGS.has(key) && !IGNORED_SETTINGS.has(key))
        throw new HttpError(400, `stand-in: setting ${key} is not part of the stand-in`);
    const settings = structuredClone(body) as Settings;
    const existing = indices.get(name);
    if (existing?.primary && 'replicas' in settings)
      throw new HttpError(400, `replica index ${name} cannot have replicas`);
    const replicas = settings.replicas;
    if (
      replicas !== undefined &&
      (!Array.isArray(replicas) ||
        replicas.some((replica) => typeof replica !== 'string' || replica.startsWith('virtual(')))
    ) {
      throw new HttpError(400, 'stand-in: replicas must be names of standard replicas');
    }
    const primaryName = existing?.primary ?? name;
    if (!existing) indices.set(name, { name, settings: {}, records: new Map() });
    return task(primaryName, () => {
      const index = indices.get(name)!;
      const before = (index.settings.replicas as string[] | undefined) ?? [];
      Object.assign(index.settings, settings);
      if (Array.isArray(settings.replicas)) {
        for (const replica of settings.replicas as string[]) {
          const current = indices.get(replica);
          if (current?.primary === name) continue;
          indices.set(replica, {
            name: replica,
            settings: current?.settings ?? {},
            primary: name,
            records: index.records,
          });
        }
        // A replica taken off the list becomes an index of its own, with a copy of the records.
        for (const replica of before) {
          const current = indices.get(replica);
          if (!(settings.replicas as string[]).includes(replica) && current?.primary === name)
            indices.set(replica, { name: replica, settings: current.settings, records: new Map(index.records) });
        }
      }
    });
  }

  function saveSynonyms(name: string, query: URLSearchParams, body: unknown) {
    if (!Array.isArray(body)) throw new HttpError(400, 'synonyms/batch needs an array of synonyms');
    for (const hit of body as Array<Rec | null>) {
      if (typeof hit?.objectID !== 'string' || !hit.objectID) throw new HttpError(400, 'a synonym needs an objectID');
      if (hit.type !== 'synonym')
        throw new HttpError(400, `stand-in: synonym type ${JSON.stringify(hit.type)} is not part of the stand-in`);
      if (
        !Array.isArray(hit.synonyms) ||
        hit.synonyms.length < 2 ||
        hit.synonyms.some((word) => typeof word !== 'string')
      )
        throw new HttpError(400, 'a synonym needs at least two synonyms');
    }
    let index = indices.get(name);
    if (!index) indices.set(name, (index = { name, settings: {}, records: new Map() }));
    const names = [
      name,
      ...(query.get('forwardToReplicas') === 'true' ? ((index.settings.replicas as string[] | undefined) ?? []) : []),
    ];
    const hits = structuredClone(body) as Array<{ objectID: string; synonyms: string[] }>;
    return task(primaryOf(index).name, () => {
      for (const each of names) {
        const target = indices.get(each);
        if (!target) continue;
        if (query.get('replaceExistingSynonyms') === 'true' || !target.synonyms) target.synonyms = new Map();
        for (const hit of hits) target.synonyms.set(hit.objectID, hit.synonyms.flatMap(wordsOf));
      }
    });
  }

  function getSettings(name: string): Settings {
    const index = indices.get(name);
    if (!index) throw new HttpError(404, 'Index does not exist');
    return { ...structuredClone(index.settings), ...(index.primary && { primary: index.primary }) };
  }

  /**
   * Algolia's geo search as the adapter uses it: `aroundLatLng` "lat, lng" and `aroundRadius` in
   * metres (a whole number from 1) or "all"; a record's `_geoloc` is its point (or its points), and a record
   * without one is left out of a bounded radius and ranked last by the `geo` criterion.
   */
  function aroundOf(params: Rec): { point: { lat: number; lng: number }; radius: number | 'all' } | undefined {
    if (params.aroundLatLng === undefined) {
      if (params.aroundRadius !== undefined) throw new HttpError(400, 'stand-in: aroundRadius without aroundLatLng');
      return undefined;
    }
    const match =
      typeof params.aroundLatLng === 'string'
        ? /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(params.aroundLatLng)
        : null;
    const point = match && { lat: Number(match[1]), lng: Number(match[2]) };
    if (!point || Math.abs(point.lat) > 90 || Math.abs(point.lng) > 180)
      throw new HttpError(400, 'Invalid value for "aroundLatLng" parameter, expected a "lat, lng" string');
    const radius = params.aroundRadius ?? 'all';
    if (radius !== 'all' && !(Number.isInteger(radius) && (radius as number) >= 1))
      throw new HttpError(400, 'aroundRadius must be "all" or an integer of at least 1');
    return { point, radius: radius as number | 'all' };
  }

  function search(body: unknown) {
    const queries = (body as { requests?: unknown })?.requests;
    if (!Array.isArray(queries)) throw new HttpError(400, 'queries needs requests');
    return { results: queries.map((query: Rec) => searchOne(query)) };
  }

  function searchOne(params: Rec) {
    const started = performance.now();
    for (const key of Object.keys(params))
      if (!MODELLED_PARAMS.has(key) && !IGNORED_PARAMS.has(key))
        throw new HttpError(400, `stand-in: search parameter ${key} is not part of the stand-in`);
    if (params.type !== undefined && params.type !== 'default')
      throw new HttpError(400, 'stand-in: only hit searches are part of the stand-in');
    const name = String(params.indexName);
    const index = indices.get(name);
    if (!index) throw new HttpError(404, `Index ${name} does not exist`);
    const settings = index.settings;
    const query = typeof params.query === 'string' ? params.query : '';
    if (Buffer.byteLength(query) > 512) throw new HttpError(400, 'Query is too long (512 bytes at most)');
    const hitsPerPage = params.hitsPerPage === undefined ? 20 : Number(params.hitsPerPage);
    const page = params.page === undefined ? 0 : Number(params.page);
    if (!Number.isInteger(hitsPerPage) || hitsPerPage < 0 || hitsPerPage > 1000)
      throw new HttpError(400, 'hitsPerPage must be between 0 and 1000');
    if (!Number.isInteger(page) || page < 0) throw new HttpError(400, 'page must be a whole number');

    const faceted = facetAttributes(settings);
    const groups = filterGroupsOf(params.facetFilters, faceted);
    const around = aroundOf(params);
    const words = wordsOf(query);
    const synonymGroups = [...(index.synonyms?.values() ?? [])];
    const synonymsOf = (word: string) => new Set(synonymGroups.filter((group) => group.includes(word)).flat());
    const queryType = (settings.queryType as string | undefined) ?? 'prefixLast';
    const searchable = ((settings.searchableAttributes as string[] | undefined) ?? ['*']).map((entry) =>
      entry.replace(/^unordered\((.*)\)$/, '$1').split(','),
    );

    // Each match with, per query word, the rank of the first searchable attribute it was found in.
    const matches: Array<{ record: Rec; attributeRank: number }> = [];
    for (const record of primaryOf(index).records.values()) {
      if (!passesAll(record, groups)) continue;
      if (around && around.radius !== 'all' && !(distanceOf(record, around.point) <= around.radius)) continue;
      let attributeRank = 0;
      let all = true;
      for (const [w, word] of words.entries()) {
        const prefix = queryType === 'prefixAll' || (queryType === 'prefixLast' && w === words.length - 1);
        const also = synonymsOf(word);
        const rank = searchable.findIndex((attributes) =>
          attributes.some((attribute) =>
            (attribute === '*' ? stringsIn(record) : stringsIn(valueAt(record, attribute))).some((text) =>
              wordsOf(text).some((found) => found === word || (prefix && found.startsWith(word)) || also.has(found)),
            ),
          ),
        );
        if (rank < 0) {
          all = false;
          break;
        }
        attributeRank += rank;
      }
      if (all) matches.push({ record, attributeRank });
    }

    const ranking = (settings.ranking as string[] | undefined) ?? DEFAULT_RANKING;
    const customRanking = (settings.customRanking as string[] | undefined) ?? [];
    const bySortAttribute = (entry: string, a: Rec, b: Rec) => {
      const match = /^(asc|desc)\((.+)\)$/.exec(entry);
      if (!match) return 0;
      const [x, y] = [valueAt(a, match[2]!), valueAt(b, match[2]!)];
      if (x === undefined || x === null || y === undefined || y === null)
        return (x === undefined || x === null ? 1 : 0) - (y === undefined || y === null ? 1 : 0); // missing last
      const order = x < y ? -1 : x > y ? 1 : 0;
      return match[1] === 'asc' ? order : -order;
    };
    matches.sort((a, b) => {
      for (const criterion of ranking) {
        let order = 0;
        if (criterion === 'attribute') {
          if (words.length) order = a.attributeRank - b.attributeRank;
        } else if (criterion === 'geo') {
          if (around) order = distanceOf(a.record, around.point) - distanceOf(b.record, around.point);
        } else if (criterion === 'custom') {
          for (const entry of customRanking) {
            order = bySortAttribute(entry, a.record, b.record);
            if (order) break;
          }
        } else {
          order = bySortAttribute(criterion, a.record, b.record);
        }
        if (order) return order;
      }
      const [x, y] = [String(a.record.objectID), String(b.record.objectID)];
      return x < y ? -1 : x > y ? 1 : 0;
    });

    const facets: Record<string, Record<string, number>> = {};
    const maxValues = Number(params.maxValuesPerFacet ?? settings.maxValuesPerFacet ?? 100);
    for (const attribute of (params.facets as string[] | undefined) ?? []) {
      if (!faceted.get(attribute)?.counted) continue; // as Algolia: a facet not declared is left out
      const counts = new Map<string, number>();
      for (const { record } of matches)
        for (const value of new Set(stringsIn(valueAt(record, attribute))))
          counts.set(value, (counts.get(value) ?? 0) + 1);
      const top = [...counts].sort(([va, a], [vb, b]) => b - a || (va < vb ? -1 : va > vb ? 1 : 0)).slice(0, maxValues);
      facets[attribute] = Object.fromEntries(top);
    }

    const limit = Number(settings.paginationLimitedTo ?? 1000);
    const start = page * hitsPerPage;
    const hits =
      start < limit
        ? matches.slice(start, Math.min(start + hitsPerPage, limit)).map(({ record }) => structuredClone(record))
        : [];
    return {
      hits,
      nbHits: matches.length,
      page,
      nbPages: hitsPerPage ? Math.ceil(Math.min(matches.length, limit) / hitsPerPage) : 0,
      hitsPerPage,
      facets,
      exhaustiveFacetsCount: matches.length < approximateFrom,
      exhaustiveNbHits: true,
      exhaustive: { facetsCount: matches.length < approximateFrom, nbHits: true },
      query,
      params: '',
      index: name,
      processingTimeMS: Math.round(performance.now() - started),
    };
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(body));
    };
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      let raw = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const method = request.method ?? 'GET';
      let body: unknown;
      try {
        body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
      } catch {
        throw new HttpError(400, 'the body is not JSON');
      }
      requests.push({ method, path: url.pathname, body });
      const headerOr = (name: string) => (request.headers[name] as string | undefined) ?? url.searchParams.get(name);
      if (headerOr('x-algolia-application-id') !== appId || headerOr('x-algolia-api-key') !== apiKey)
        throw new HttpError(403, 'Invalid Application-ID or API key');

      const parts = url.pathname.split('/').slice(1).map(decodeURIComponent);
      if (parts[0] !== '1' || parts[1] !== 'indexes')
        throw new HttpError(400, `stand-in: ${method} ${url.pathname} is not part of the stand-in`);
      const [, , name, what, id] = parts;
      if (name === '*' && what === 'queries' && method === 'POST') return send(200, search(body));
      if (name && what === 'batch' && method === 'POST' && !id) return send(200, batch(name, body));
      if (name && what === 'clear' && method === 'POST' && !id)
        return send(
          200,
          task(primaryOf(writable(name)).name, () => writable(name).records.clear()),
        );
      if (name && what === 'deleteByQuery' && method === 'POST' && !id) return send(200, deleteBy(name, body));
      if (name && what === 'settings' && !id && method === 'GET') return send(200, getSettings(name));
      if (name && what === 'settings' && !id && method === 'PUT') return send(200, setSettings(name, body));
      if (name && what === 'synonyms' && id === 'batch' && method === 'POST')
        return send(200, saveSynonyms(name, url.searchParams, body));
      if (name && what === 'task' && id && method === 'GET') {
        const found = tasks.get(Number(id));
        if (!found) throw new HttpError(404, 'Task does not exist');
        return send(200, { status: found.published ? 'published' : 'notPublished', pendingTask: !found.published });
      }
      if (name && what && !id && method === 'DELETE') {
        const index = writable(name);
        return send(200, {
          ...task(index.name, () => index.records.delete(what)),
          deletedAt: new Date().toISOString(),
        });
      }
      throw new HttpError(400, `stand-in: ${method} ${url.pathname} is not part of the stand-in`);
    } catch (error) {
      if (error instanceof HttpError) return send(error.status, { message: error.message, status: error.status });
      send(500, { message: String(error), status: 500 });
    }
  }

  /** Deletes the records every facetFilters group passes (a task, as every write). */
  function deleteBy(name: string, body: unknown) {
    const params = (body ?? {}) as Rec;
    const unknown = Object.keys(params).filter((key) => key !== 'facetFilters');
    if (unknown.length) throw new HttpError(400, `stand-in: deleteByQuery with ${unknown.join(', ')} is not modelled`);
    const index = writable(name);
    const groups = filterGroupsOf(params.facetFilters, facetAttributes(index.settings));
    if (!groups.length) throw new HttpError(400, 'deleteByQuery needs a filter');
    return task(index.name, () => {
      for (const [objectID, record] of index.records) if (passesAll(record, groups)) index.records.delete(objectID);
    });
  }

  /** facetFilters as AND of OR groups of [attribute, value, negated]; an undeclared attribute is refused. */
  function filterGroupsOf(value: unknown, faceted: Map<string, unknown>): Array<Array<[string, string, boolean]>> {
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw new HttpError(400, 'stand-in: facetFilters must be an array');
    return value.map((entry: unknown) => {
      const filters = Array.isArray(entry) ? entry : [entry];
      return filters.map((filter: unknown): [string, string, boolean] => {
        if (typeof filter !== 'string' || !filter.includes(':'))
          throw new HttpError(400, `facetFilters: ${JSON.stringify(filter)} is not attribute:value`);
        const colon = filter.indexOf(':');
        const attribute = filter.slice(0, colon);
        let text = filter.slice(colon + 1);
        if (!faceted.has(attribute))
          throw new HttpError(
            400,
            `stand-in: facet filter on ${JSON.stringify(attribute)}, which attributesForFaceting does not declare`,
          );
        const negated = text.startsWith('-');
        if (negated) text = text.slice(1);
        else if (text.startsWith('\\-')) text = text.slice(1);
        return [attribute, text, negated];
      });
    });
  }

  /** Whether the record passes every group (AND), each by any of its filters (OR). */
  function passesAll(record: Rec, groups: Array<Array<[string, string, boolean]>>): boolean {
    return groups.every((group) => group.some((filter) => passes(record, filter)));
  }

  function passes(record: Rec, [attribute, value, negated]: [string, string, boolean]): boolean {
    const has = stringsIn(valueAt(record, attribute)).includes(value);
    return negated ? !has : has;
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    apiKey,
    requests,
    records: (indexName) => {
      const index = indices.get(indexName);
      return index ? [...primaryOf(index).records.values()].map((record) => structuredClone(record)) : undefined;
    },
    pauseIndexing: () => {
      indexing = new Promise<void>((resolve) => (resumeIndexing = resolve));
    },
    resumeIndexing: () => resumeIndexing(),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Metres between a record's `_geoloc` and a point (haversine, as Algolia measures); Infinity without
 * one. A record with several locations (an array, as Algolia's geo guide shows) is measured to its
 * nearest.
 */
function distanceOf(record: Rec, point: { lat: number; lng: number }): number {
  const places = (Array.isArray(record._geoloc) ? record._geoloc : [record._geoloc]) as Array<
    { lat?: unknown; lng?: unknown } | undefined
  >;
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  return Math.min(
    ...places.map((geoloc) => {
      if (typeof geoloc?.lat !== 'number' || typeof geoloc.lng !== 'number') return Infinity;
      const h =
        Math.sin(rad(geoloc.lat - point.lat) / 2) ** 2 +
        Math.cos(rad(point.lat)) * Math.cos(rad(geoloc.lat)) * Math.sin(rad(geoloc.lng - point.lng) / 2) ** 2;
      return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
    }),
    Infinity,
  );
}
