/**
 * Tenant images and item photos in a bucket (BACKLOT_ASSETS=cloud-storage): the settings, refused
 * with one line each when wrong; then the real app on a STAND-IN of Cloud Storage's JSON API
 * (tests/helpers/cloud-storage-stand-in.ts; no Cloud Storage emulator runs here): the tenants
 * folder's images copied up on start, an upload listed and served from the bucket with the same
 * URL hash the files would give, nothing written to the tenants folder; and with the bucket gone,
 * pages keep their images while an upload answers 503 with a retry hint.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash } from '../../server/assets/asset-store';
import { configFromEnv } from '../../server/config';
import { startCloudStorageStandIn, type CloudStorageStandIn } from '../helpers/cloud-storage-stand-in';
import { buildTestApp, type TestApp } from '../helpers/server';

describe('asset settings', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      configFromEnv(env, '/srv/backlot');
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error(`accepted ${JSON.stringify(env)}`);
  };
  it('keeps images in the tenants folder by default, in a bucket when asked, and says plainly what is wrong', () => {
    expect(configFromEnv({}).assets).toEqual({ provider: 'files' });
    expect(configFromEnv({ BACKLOT_ASSETS: 'cloud-storage', BACKLOT_ASSETS_BUCKET: 'props-assets' }).assets).toEqual({
      provider: 'cloud-storage',
      bucket: 'props-assets',
    });
    expect(refusal({ BACKLOT_ASSETS: 's3' })).toBe('BACKLOT_ASSETS must be "files" or "cloud-storage", not "s3"');
    expect(refusal({ BACKLOT_ASSETS: 'cloud-storage' })).toMatch(
      /^BACKLOT_ASSETS=cloud-storage needs BACKLOT_ASSETS_BUCKET/,
    );
    expect(refusal({ BACKLOT_ASSETS: 'cloud-storage', BACKLOT_ASSETS_BUCKET: 'Bad Bucket!' })).toMatch(
      /^BACKLOT_ASSETS_BUCKET must be a bucket name/,
    );
    expect(
      refusal({ BACKLOT_ASSETS: 'cloud-storage', BACKLOT_ASSETS_BUCKET: 'ok-bucket', BACKLOT_STORAGE_HOST: 'ftp://x' }),
    ).toMatch(/^BACKLOT_STORAGE_HOST must be a URL starting http:\/\/ or https:\/\//);
  });
});

describe('images in a bucket', () => {
  let bucket: CloudStorageStandIn;
  let t: TestApp;
  const SVG = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><rect width="20" height="10" fill="#0a0"/></svg>',
  );
  beforeAll(async () => {
    bucket = await startCloudStorageStandIn({ buckets: ['props'] });
    t = await buildTestApp({
      env: { BACKLOT_ASSETS: 'cloud-storage', BACKLOT_ASSETS_BUCKET: 'props', BACKLOT_STORAGE_HOST: bucket.url },
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
    await bucket?.close();
  });
  const objects = () => bucket.buckets.get('props')!;

  it("copies the tenants folder's images up on start, and serves them from the bucket", async () => {
    expect(objects().has('tenants/aviation/assets/logo.svg')).toBe(true);
    const home = await t.app.inject({ url: '/', headers: { host: 'aviation.localhost' } });
    const logo = /src="(\/assets\/aviation\/logo\.svg\?v=[^"]+)"/.exec(home.body)?.[1];
    expect(logo).toBe(
      `/assets/aviation/logo.svg?v=${contentHash(objects().get('tenants/aviation/assets/logo.svg')!.bytes)}`,
    );
    const served = await t.app.inject({ url: logo!, headers: { host: 'aviation.localhost' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('uploads into the bucket only, lists the upload, and serves it byte for byte', async () => {
    const answer = await t.as('aviationAdmin', {
      method: 'PUT',
      url: '/api/tenants/aviation/assets/green.svg',
      payload: { data: SVG.toString('base64') },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      id: 'green.svg',
      url: `/assets/aviation/green.svg?v=${contentHash(SVG)}`,
      width: 20,
      height: 10,
    });
    expect(objects().get('tenants/aviation/assets/green.svg')!.bytes.equals(SVG)).toBe(true);
    expect(existsSync(path.join(t.tenants, 'aviation', 'assets', 'green.svg'))).toBe(false);
    const list = (await t.as('aviationAdmin', { url: '/api/tenants/aviation/assets' })).json() as Array<{ id: string }>;
    expect(list.map((asset) => asset.id)).toContain('green.svg');
    expect((await t.app.inject({ url: '/assets/aviation/green.svg' })).rawPayload.equals(SVG)).toBe(true);
    const removed = await t.as('aviationAdmin', { method: 'DELETE', url: '/api/tenants/aviation/assets/green.svg' });
    expect(removed.statusCode).toBe(200);
    expect(objects().has('tenants/aviation/assets/green.svg')).toBe(false);
    expect((await t.app.inject({ url: '/assets/aviation/green.svg' })).statusCode).toBe(404);
  });

  it('answers 404 for a tenant that does not exist without asking the bucket', async () => {
    const before = bucket.requests.length;
    expect((await t.app.inject({ url: '/assets/nobody-here/logo.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/items/nobody-here/chair.svg' })).statusCode).toBe(404);
    expect(bucket.requests.slice(before)).toEqual([]);
  });

  it('keeps pages and their images while the bucket is gone, and refuses an upload with 503 and a retry hint', async () => {
    const before = await t.app.inject({ url: '/', headers: { host: 'aviation.localhost' } });
    bucket.down();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100)); // past the catalog's one-second freshness
      const page = await t.app.inject({ url: '/', headers: { host: 'aviation.localhost' } });
      expect(page.statusCode).toBe(200);
      expect(/src="(\/assets\/aviation\/logo\.svg\?v=[^"]+)"/.exec(page.body)?.[1]).toBe(
        /src="(\/assets\/aviation\/logo\.svg\?v=[^"]+)"/.exec(before.body)?.[1],
      );
      const upload = await t.as('aviationAdmin', {
        method: 'PUT',
        url: '/api/tenants/aviation/assets/late.svg',
        payload: { data: SVG.toString('base64') },
      });
      expect(upload.statusCode, upload.body).toBe(503);
      expect(upload.headers['retry-after']).toBe('5');
      expect(upload.json().message).toMatch(/cannot be reached just now/);
    } finally {
      bucket.up();
    }
  });
});
