/**
 * A server's first start with an empty item store imports each tenant's sample catalogue
 * (tenants/<id>/catalogue.json), checked against the tenant; later starts leave the store alone;
 * a catalogue with problems is logged, with where they are, and the server still starts.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { configFromEnv } from '../../server/config';
import { sampleItem } from '../contract/item-store.contract';
import { buildTestApp } from '../helpers/server';

const catalogue = (items: unknown[]) =>
  JSON.stringify({ $schema: '../../schema/catalogue.schema.json', items }, null, 2);

describe("a tenant's sample catalogue", () => {
  it('is imported on the first start, and not again once the store has items', async () => {
    const t = await buildTestApp({
      beforeStart: (tenants) =>
        writeFile(
          path.join(tenants, 'aviation', 'catalogue.json'),
          catalogue([sampleItem('seat-a'), sampleItem('seat-b')]),
        ),
    });
    try {
      expect((await t.app.itemStore.list('aviation')).map((item) => item.objectID)).toEqual(['seat-a', 'seat-b']);
      expect(await t.app.itemStore.count('acme')).toBe(0);
      await t.app.itemStore.delete('aviation', 'seat-a');
      await writeFile(path.join(t.tenants, 'aviation', 'catalogue.json'), catalogue([sampleItem('seat-c')]));
      await t.app.close();
      // The next start on the same data: the store has items, so the file is not imported again.
      const again = await buildApp({
        config: configFromEnv({ BACKLOT_TENANTS_DIR: t.tenants, BACKLOT_DATA_DIR: path.join(t.root, '.data') }),
      });
      await again.ready();
      expect((await again.itemStore.list('aviation')).map((item) => item.objectID)).toEqual(['seat-b']);
      await again.close();
    } finally {
      await t.close().catch(() => undefined);
    }
  });

  it('is logged with where its problems are, imports nothing, and the server starts', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await buildTestApp({
      logger: { level: 'warn', stream },
      beforeStart: (tenants) =>
        writeFile(
          path.join(tenants, 'aviation', 'catalogue.json'),
          catalogue([sampleItem('seat-a'), sampleItem('seat-b', { colors: ['Teal'] })]),
        ),
    });
    try {
      expect(await t.app.itemStore.count('aviation')).toBe(0);
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      const warning = lines
        .map((line) => JSON.parse(line) as { msg: string; tenantId?: string })
        .find((entry) => entry.tenantId === 'aviation');
      expect(warning?.msg).toMatch(
        /^the sample catalogue of aviation was not imported: .*catalogue\.json:\d+:\d+ \/items\/1\/colors\/0 colour "Teal" is not in the colour map/,
      );
    } finally {
      await t.close();
    }
  });
});
