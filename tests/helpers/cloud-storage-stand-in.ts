/**
 * A STAND-IN for Google Cloud Storage's JSON API, for tests: NOT Cloud Storage, and only the calls
 * server/assets/cloud-storage-asset-store.ts makes through @google-cloud/storage. No Cloud Storage
 * emulator can run here (firebase-tools' needs Java 21; the machine has 17). A node:http server on
 * 127.0.0.1 (a free port), for BACKLOT_STORAGE_HOST:
 *
 * - `GET /storage/v1/b/{bucket}`: the bucket, or 404 (the buckets are the ones given at start);
 * - `GET /storage/v1/b/{bucket}/o?prefix=&pageToken=&maxResults=`: objects by name, in name order,
 *   `maxPage` (default 1000) to a page with a nextPageToken, as Cloud Storage pages;
 * - `GET /storage/v1/b/{bucket}/o/{name}`: an object's metadata; `?alt=media`: its bytes, with
 *   `x-goog-hash: md5=…` as Cloud Storage sends it;
 * - `POST /upload/storage/v1/b/{bucket}/o?uploadType=multipart&name=`: a multipart/related upload
 *   (metadata part, then the bytes), replacing any object of that name whole;
 * - `DELETE /storage/v1/b/{bucket}/o/{name}`: 204, or 404.
 *
 * Anything else answers 400 "not part of the stand-in". `down()` makes every request fail with 503
 * until `up()`, for "the store went away" tests.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
  cacheControl?: string;
  metadata: Record<string, string>;
  generation: number;
  updated: string;
}

export interface CloudStorageStandIn {
  /** `http://127.0.0.1:<port>`, for BACKLOT_STORAGE_HOST or the adapter's `host`. */
  url: string;
  /** bucket → object name → object. */
  buckets: Map<string, Map<string, StoredObject>>;
  /** Every request, in order: method and path (query string included). */
  requests: string[];
  down(): void;
  up(): void;
  close(): Promise<void>;
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');

export async function startCloudStorageStandIn(options: {
  buckets: string[];
  maxPage?: number;
}): Promise<CloudStorageStandIn> {
  const buckets = new Map(options.buckets.map((name) => [name, new Map<string, StoredObject>()]));
  const requests: string[] = [];
  const maxPage = options.maxPage ?? 1000;
  let isDown = false;
  let generation = 1;

  const json = (response: ServerResponse, status: number, body?: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const error = (response: ServerResponse, status: number, message: string) =>
    json(response, status, {
      error: { code: status, message, errors: [{ message, reason: status === 404 ? 'notFound' : 'invalid' }] },
    });
  const resource = (bucket: string, name: string, object: StoredObject) => ({
    kind: 'storage#object',
    id: `${bucket}/${name}/${object.generation}`,
    name,
    bucket,
    generation: String(object.generation),
    contentType: object.contentType,
    size: String(object.bytes.length),
    md5Hash: md5(object.bytes),
    updated: object.updated,
    ...(object.cacheControl && { cacheControl: object.cacheControl }),
    metadata: object.metadata,
  });

  /** A multipart/related body: the JSON metadata part, then the content part. */
  function parseMultipart(
    body: Buffer,
    contentType: string,
  ): { metadata: Record<string, unknown>; bytes: Buffer; type: string } | undefined {
    const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
    if (!boundary) return undefined;
    const parts: Buffer[] = [];
    const delimiter = Buffer.from(`--${boundary}`);
    let at = body.indexOf(delimiter);
    while (at !== -1) {
      const next = body.indexOf(delimiter, at + delimiter.length);
      if (next === -1) break;
      parts.push(body.subarray(at + delimiter.length + 2, next - 2)); // after CRLF, before CRLF
      at = next;
    }
    if (parts.length !== 2) return undefined;
    const split = (part: Buffer) => {
      const end = part.indexOf('\r\n\r\n');
      return { headers: part.subarray(0, end).toString('latin1'), content: part.subarray(end + 4) };
    };
    const [head, content] = parts.map(split) as [ReturnType<typeof split>, ReturnType<typeof split>];
    return {
      metadata: JSON.parse(head.content.toString('utf8')) as Record<string, unknown>,
      bytes: content.content,
      type: /content-type:\s*([^\r\n]+)/i.exec(content.headers)?.[1] ?? 'application/octet-stream',
    };
  }

  function handle(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    const url = new URL(request.url!, 'http://stand-in');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    if (isDown) return error(response, 503, 'The stand-in is down (as asked by the test)');
    const upload = /^\/upload\/storage\/v1\/b\/([^/]+)\/o$/.exec(url.pathname);
    const object = /^\/storage\/v1\/b\/([^/]+)\/o\/(.+)$/.exec(url.pathname);
    const list = /^\/storage\/v1\/b\/([^/]+)\/o$/.exec(url.pathname);
    const bucketOnly = /^\/storage\/v1\/b\/([^/]+)$/.exec(url.pathname);
    const bucketName = decodeURIComponent((upload ?? object ?? list ?? bucketOnly)?.[1] ?? '');
    const bucket = buckets.get(bucketName);
    if (!upload && !object && !list && !bucketOnly)
      return error(response, 400, `${request.method} ${url.pathname} is not part of the stand-in`);
    if (!bucket) return error(response, 404, `The specified bucket does not exist: ${bucketName}`);

    if (bucketOnly && request.method === 'GET')
      return json(response, 200, { kind: 'storage#bucket', name: bucketName, id: bucketName });
    if (upload && request.method === 'POST' && url.searchParams.get('uploadType') === 'multipart') {
      const parsed = parseMultipart(body, String(request.headers['content-type'] ?? ''));
      const name = url.searchParams.get('name') ?? '';
      if (!parsed || !name)
        return error(response, 400, 'a multipart upload needs ?name= and a metadata and a content part');
      const metadata = parsed.metadata;
      const stored: StoredObject = {
        bytes: Buffer.from(parsed.bytes),
        contentType: typeof metadata.contentType === 'string' ? metadata.contentType : parsed.type,
        ...(typeof metadata.cacheControl === 'string' && { cacheControl: metadata.cacheControl }),
        metadata: (metadata.metadata as Record<string, string> | undefined) ?? {},
        generation: generation++,
        updated: new Date().toISOString(),
      };
      bucket.set(name, stored);
      return json(response, 200, resource(bucketName, name, stored));
    }
    if (list && request.method === 'GET') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const pageSize = Math.min(Number(url.searchParams.get('maxResults')) || maxPage, maxPage);
      const start = url.searchParams.get('pageToken') ?? '';
      const names = [...bucket.keys()].filter((name) => name.startsWith(prefix) && name > start).sort();
      const page = names.slice(0, pageSize);
      return json(response, 200, {
        kind: 'storage#objects',
        items: page.map((name) => resource(bucketName, name, bucket.get(name)!)),
        ...(names.length > pageSize && { nextPageToken: page.at(-1) }),
      });
    }
    if (object) {
      const name = decodeURIComponent(object[2]!);
      const stored = bucket.get(name);
      if (!stored) return error(response, 404, `No such object: ${bucketName}/${name}`);
      if (request.method === 'DELETE') {
        bucket.delete(name);
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'GET' && url.searchParams.get('alt') === 'media') {
        response.writeHead(200, {
          'content-type': stored.contentType,
          'content-length': stored.bytes.length,
          'x-goog-hash': `md5=${md5(stored.bytes)}`,
          'x-goog-generation': String(stored.generation),
        });
        response.end(stored.bytes);
        return;
      }
      if (request.method === 'GET') return json(response, 200, resource(bucketName, name, stored));
    }
    return error(response, 400, `${request.method} ${url.pathname} is not part of the stand-in`);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        handle(request, response, Buffer.concat(chunks));
      } catch (caught) {
        error(response, 500, (caught as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    buckets,
    requests,
    down: () => (isDown = true),
    up: () => (isDown = false),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
