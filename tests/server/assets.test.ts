/**
 * Tenant images through the API, over the real app and real files: listed with where the tenant
 * uses them; uploaded (a PNG served at once with a new hash); refused when an SVG could run or
 * fetch anything, when the content is not what the name says, or when the name is no plain
 * file name; not removed while in use (saying where), removed when not; other tenants' admins
 * kept out. The shipped tenants' own SVGs pass the same check.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize, MAX_ASSET_BYTES, uploadProblem } from '../../server/lib/asset-upload';
import { tenantsDir } from '../helpers/paths';
import { buildTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const upload = (name: string, bytes: Buffer, who: 'aviationAdmin' | 'acmeAdmin' = 'aviationAdmin') =>
  t.as(who, {
    method: 'PUT',
    url: `/api/tenants/aviation/assets/${name}`,
    payload: { data: bytes.toString('base64') },
  });

const HOSTILE_SVGS: Record<string, string> = {
  script: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  handler: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
  javascriptLink:
    '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect width="1" height="1"/></a></svg>',
  externalImage:
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="https://evil.example/x.svg#a"/></svg>',
  foreignObject:
    '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="https://evil.example"></iframe></foreignObject></svg>',
  entity:
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
  cssImport: '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://evil.example/a.css);</style></svg>',
};

describe('tenant images', () => {
  it('lists each image with its address, size and where the tenant uses it', async () => {
    const list = await t.as('aviationAdmin', { url: '/api/tenants/aviation/assets' });
    expect(list.statusCode).toBe(200);
    const logo = (list.json() as Array<Record<string, unknown>>).find((asset) => asset.id === 'logo.svg');
    expect(logo).toMatchObject({
      url: expect.stringMatching(/^\/assets\/aviation\/logo\.svg\?v=/),
      type: 'image/svg+xml',
      width: 240,
      height: 48,
      usedBy: ['/site/headerLogo/url'],
    });
  });

  it('uploads a PNG that the storefront serves at once', async () => {
    const answer = await upload('badge.png', PNG);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      id: 'badge.png',
      type: 'image/png',
      size: PNG.length,
      width: 1,
      height: 1,
      usedBy: [],
    });
    const served = await t.app.inject({ url: answer.json().url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it.each(Object.entries(HOSTILE_SVGS))('refuses an SVG with %s, saying why, and writes nothing', async (kind, svg) => {
    const answer = await upload(`hostile-${kind.toLowerCase()}.svg`, Buffer.from(svg));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.data).toMatch(/^Not uploaded: this SVG contains .+ export it again as a plain drawing/);
    expect((await t.app.inject({ url: `/assets/aviation/hostile-${kind.toLowerCase()}.svg` })).statusCode).toBe(404);
  });

  it('refuses content that is not what the name says, odd names and empty files', async () => {
    expect((await upload('logo2.svg', PNG)).json().errors.data).toMatch(/not a SVG image/);
    expect(
      (await upload('photo.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).json().errors.data,
    ).toMatch(/not a JPG image/);
    expect((await upload('Logo%20Big.png', PNG)).statusCode).toBe(400);
    expect(uploadProblem('../x.png', PNG)).toMatch(/not a usable file name/);
    expect(uploadProblem('x.png', Buffer.alloc(0))).toBe('the file is empty');
    expect(uploadProblem('x.png', Buffer.concat([PNG, Buffer.alloc(MAX_ASSET_BYTES)]))).toMatch(
      /images may be at most 2 MB/,
    );
  });

  it('keeps an image in use, saying where, and removes one that is not', async () => {
    const inUse = await t.as('aviationAdmin', { method: 'DELETE', url: '/api/tenants/aviation/assets/logo.svg' });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(
      'logo.svg is still used by /site/headerLogo/url: point those settings at another image first.',
    );
    await upload('spare.png', PNG);
    const removed = await t.as('aviationAdmin', { method: 'DELETE', url: '/api/tenants/aviation/assets/spare.png' });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/assets/aviation/spare.png' })).statusCode).toBe(404);
  });

  it("keeps another tenant's admin out", async () => {
    expect((await upload('intruder.png', PNG, 'acmeAdmin')).statusCode).toBe(404);
    expect((await t.as('acmeAdmin', { url: '/api/tenants/aviation/assets' })).statusCode).toBe(404);
  });
});

describe('the shipped images', () => {
  it('pass the upload check, with their pixel sizes read', () => {
    for (const tenant of ['aviation', 'platform']) {
      const folder = path.join(tenantsDir, tenant, 'assets');
      for (const name of readdirSync(folder)) {
        const bytes = readFileSync(path.join(folder, name));
        expect(uploadProblem(name, bytes), `${tenant}/${name}`).toBeUndefined();
        if (name.endsWith('.svg')) expect(imageSize(name, bytes), `${tenant}/${name}`).toBeDefined();
      }
    }
  });
});
