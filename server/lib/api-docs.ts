/**
 * What the OpenAPI document says each operation answers, derived from the route definition
 * itself, so a route cannot answer a status its documentation leaves out:
 * - its guard (onRequest): authenticate → 401; requireTenant → 401, 404; requirePlatform → 401, 403;
 * - its schemas: params, querystring or body → 400;
 * - any change (POST, PUT, DELETE) → 400 (malformed JSON), 403 (a cookie from another origin,
 *   or the write policy), 413 and 415 (a body too large, or not JSON);
 * - `config.docs`: its success (status, body schema, headers), If-Match (→ 412, 428, and the
 *   header documented), and any other statuses it answers (304, 405, 409, 422 …).
 * Every error shares one body schema, `apiError`. These are documentation only: responses are
 * not validated or filtered by them.
 */
import type { RouteOptions } from 'fastify';

export interface RouteDocs {
  /** `contentTypes`: what the success sends when it is not JSON (a PDF, a CSV, a workbook, an event stream): each as a string body. */
  success?: {
    status?: number;
    description?: string;
    schema?: object;
    headers?: Array<'etag' | 'content-range'>;
    contentTypes?: readonly string[];
  };
  /** Writes that must name the version they are based on. */
  ifMatch?: boolean;
  /** Other statuses this route answers, with what they mean here. */
  errors?: Record<number, string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}

export const API_ERROR_ID = 'apiError';

/** The body of every error answer (react-admin reads `message` and `errors`). */
export const apiErrorSchema = {
  $id: API_ERROR_ID,
  type: 'object',
  description: 'An error. `errors` names fields (as react-admin paths) when the problem is in the request body.',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string', description: 'The status text' },
    message: { type: 'string', description: 'What went wrong and what to do, for people' },
    errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'Field path → problem' },
    issues: {
      type: 'array',
      items: { type: 'object' },
      description: 'Located problems (file, line, column, pointer, message, rule)',
    },
    currentVersion: { type: 'string', description: 'On 412: the version now current' },
  },
} as const;

const GENERIC: Record<number, string> = {
  400: 'The request is malformed or invalid; `errors` names the fields',
  401: 'Not logged in',
  403: 'Not allowed: a change from another site, or one this account may not make',
  404: 'No such tenant for this account (or no such record)',
  412: 'The If-Match version is stale: someone else saved first; the ETag names the current version',
  413: 'The body is larger than this route takes',
  415: 'The body is not JSON in UTF-8',
  428: 'If-Match is missing',
  500: 'Something went wrong on the server; it is logged',
};

const HEADERS = {
  etag: { type: 'string', description: "The tenant's version, quoted: send it back as If-Match" },
  'content-range': { type: 'string', description: 'ra-data-simple-rest paging: `<resource> <start>-<end>/<total>`' },
} as const;

const guardName = (route: RouteOptions) =>
  [route.onRequest ?? []].flat().map((hook) => (hook as { guard?: string }).guard);

/** The statuses a route answers, with descriptions (documented and tested from the same rules). */
export function statusesOf(route: RouteOptions): Map<number, string> {
  const docs = route.config?.docs ?? {};
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const methods = [route.method].flat();
  const statuses = new Map<number, string>();
  const add = (status: number, description = GENERIC[status]!) => statuses.set(status, description);
  add(docs.success?.status ?? 200, docs.success?.description ?? 'OK');
  const guards = guardName(route);
  if (guards.some((name) => name === 'authenticate' || name === 'requireTenant' || name === 'requirePlatform'))
    add(401);
  if (guards.includes('requireTenant')) add(404);
  if (guards.includes('requirePlatform')) add(403, 'Only platform staff may do this');
  if (schema.params || schema.querystring || schema.body) add(400);
  // Any request that can carry a body can carry a malformed, oversized or non-JSON one.
  if (methods.some((method) => method !== 'GET' && method !== 'HEAD')) {
    add(400);
    add(403);
    add(413);
    add(415);
  }
  if (docs.ifMatch) {
    add(412);
    add(428);
  }
  for (const [status, description] of Object.entries(docs.errors ?? {})) add(Number(status), description);
  add(500);
  return statuses;
}

/** The route's schema as the OpenAPI document shows it: responses and header parameters added. */
export function documentedSchema(route: RouteOptions): Record<string, unknown> {
  const docs = route.config?.docs ?? {};
  const schema = { ...((route.schema ?? {}) as Record<string, unknown>) };
  const response: Record<string, unknown> = {};
  for (const [status, description] of statusesOf(route)) {
    if (status === (docs.success?.status ?? 200)) {
      const headers = Object.fromEntries((docs.success?.headers ?? []).map((name) => [name, HEADERS[name]]));
      const types = docs.success?.contentTypes;
      const body =
        status === 204 || status === 304
          ? { type: 'null' }
          : types
            ? // Files and streams, as what they are: bytes or text of that media type.
              {
                content: Object.fromEntries(
                  types.map((type) => [
                    type,
                    { schema: { type: 'string', ...(type.startsWith('text/') ? {} : { format: 'binary' }) } },
                  ]),
                ),
              }
            : (docs.success?.schema ?? { type: 'object' });
      response[status] = { description, ...(Object.keys(headers).length ? { headers } : {}), ...body };
    } else if (status === 304) {
      response[status] = { description, type: 'null', headers: { etag: HEADERS.etag } };
    } else {
      response[status] = {
        description,
        ...(status === 412 ? { headers: { etag: HEADERS.etag } } : {}),
        $ref: `${API_ERROR_ID}#`,
      };
    }
  }
  schema.response = response;
  const headers: Record<string, unknown> = {};
  if (docs.ifMatch)
    headers['if-match'] = { type: 'string', description: 'The version (ETag) the change is based on. Required.' };
  if (docs.errors?.[304])
    headers['if-none-match'] = { type: 'string', description: 'A version you hold: 304 when it is still current' };
  if (Object.keys(headers).length) schema.headers = { type: 'object', properties: headers };
  return schema;
}

/** A tenant stored in a form that does not validate (edited by hand) answers 422 on any route that reads it. */
export const STORED_TENANT_INVALID = {
  422: 'The stored tenant is invalid (its files were edited by hand); `issues` says where',
} as const;

/** A record as the console reads it: fields of its part of the tenant, plus `id` and `version`. */
export const recordSchema = {
  type: 'object',
  required: ['id', 'version'],
  properties: {
    id: { type: 'string' },
    version: { type: 'string', description: "The tenant's version when read: send it as If-Match" },
  },
  additionalProperties: true,
} as const;

/** A list answer (ra-data-simple-rest): an array of records. */
export const listOf = (items: object) => ({ type: 'array', items }) as const;
