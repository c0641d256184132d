/**
 * What every AssetStore adapter must do (server/assets/asset-store.ts), written against the port
 * only: write and read back byte for byte, the same content hash for the same bytes on every
 * adapter, replace whole, list one tenant's one folder (never another's, never the other folder),
 * stat, remove (false when absent), names that could leave the folder refused, many files
 * listed past one page, and private documents (PDFs) and import mappings (JSON) kept in folders of their own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentHash, type AssetStore } from '../../server/assets/asset-store';

export interface AssetStoreUnderTest {
  store: AssetStore;
  close(): Promise<void>;
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a small picture'),
]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
);

export function assetStoreContract(name: string, open: () => Promise<AssetStoreUnderTest>) {
  describe(`AssetStore contract: ${name}`, () => {
    let under: AssetStoreUnderTest;
    let store: AssetStore;
    beforeEach(async () => {
      under = await open();
      store = under.store;
    });
    afterEach(() => under.close());

    it('writes a file and reads it back byte for byte, with its content hash and size', async () => {
      const written = await store.write('acme', 'assets', 'logo.png', PNG);
      expect(written).toEqual({ name: 'logo.png', hash: contentHash(PNG), size: PNG.length });
      expect(await store.read('acme', 'assets', 'logo.png')).toEqual(PNG);
      expect(await store.stat('acme', 'assets', 'logo.png')).toEqual(written);
    });

    it('names the same bytes by the same hash, whatever the file is called, and other bytes otherwise', async () => {
      const a = await store.write('acme', 'assets', 'a.svg', SVG);
      const b = await store.write('acme', 'items', 'b.svg', SVG);
      const c = await store.write('acme', 'assets', 'c.png', PNG);
      expect(a.hash).toBe(b.hash);
      expect(c.hash).not.toBe(a.hash);
      expect(a.hash).toMatch(/^[A-Za-z0-9_-]{10}$/);
    });

    it('replaces a file whole: the new bytes, the new hash', async () => {
      await store.write('acme', 'assets', 'logo.svg', SVG);
      const replaced = await store.write('acme', 'assets', 'logo.svg', PNG);
      expect(await store.read('acme', 'assets', 'logo.svg')).toEqual(PNG);
      expect((await store.stat('acme', 'assets', 'logo.svg'))?.hash).toBe(replaced.hash);
      expect((await store.list('acme', 'assets')).map((file) => file.name)).toEqual(['logo.svg']);
    });

    it("lists one tenant's one folder: never another tenant's, never the other folder", async () => {
      await store.write('acme', 'assets', 'logo.png', PNG);
      await store.write('acme', 'assets', 'icon.svg', SVG);
      await store.write('acme', 'items', 'chair-0a1b2c3d4e.png', PNG);
      await store.write('acme-two', 'assets', 'other.png', PNG);
      const names = async (tenant: string, folder: 'assets' | 'items') =>
        (await store.list(tenant, folder)).map((file) => file.name).sort();
      expect(await names('acme', 'assets')).toEqual(['icon.svg', 'logo.png']);
      expect(await names('acme', 'items')).toEqual(['chair-0a1b2c3d4e.png']);
      expect(await names('acme-two', 'assets')).toEqual(['other.png']);
      expect(await names('nobody', 'assets')).toEqual([]);
      expect((await store.list('acme', 'assets')).find((file) => file.name === 'logo.png')).toEqual({
        name: 'logo.png',
        hash: contentHash(PNG),
        size: PNG.length,
      });
    });

    it('answers undefined for what is not there, and remove says whether there was something', async () => {
      expect(await store.read('acme', 'assets', 'none.png')).toBeUndefined();
      expect(await store.stat('acme', 'assets', 'none.png')).toBeUndefined();
      await store.write('acme', 'assets', 'logo.png', PNG);
      expect(await store.remove('acme', 'assets', 'logo.png')).toBe(true);
      expect(await store.remove('acme', 'assets', 'logo.png')).toBe(false);
      expect(await store.read('acme', 'assets', 'logo.png')).toBeUndefined();
      expect(await store.list('acme', 'assets')).toEqual([]);
    });

    it('never turns a hostile name into a path or object: reads find nothing, writes are refused', async () => {
      await store.write('acme', 'assets', 'logo.png', PNG);
      for (const [tenant, file] of [
        ['acme', '../acme/assets/logo.png'],
        ['acme', '.hidden.png'],
        ['acme', 'logo.png/'],
        ['acme', 'a/b.png'],
        ['acme', 'script.js'],
        ['../acme', 'logo.png'],
        ['ACME', 'logo.png'],
        ['acme/assets', 'logo.png'],
      ] as const) {
        expect(await store.read(tenant, 'assets', file), `${tenant} ${file}`).toBeUndefined();
        expect(await store.stat(tenant, 'assets', file), `${tenant} ${file}`).toBeUndefined();
        await expect(store.write(tenant, 'assets', file, PNG), `${tenant} ${file}`).rejects.toThrow(
          /not a storable file name/,
        );
      }
      expect(await store.list('../acme', 'assets')).toEqual([]);
      expect(await store.read('acme', 'assets', 'logo.png')).toEqual(PNG);
    });

    it('keeps private documents (a PDF) in their own folder, and takes only PDFs and photos there', async () => {
      const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
      await store.write('acme', 'documents', 'coi-0a1b2c3d-0123456789abcdef.pdf', pdf);
      expect(await store.read('acme', 'documents', 'coi-0a1b2c3d-0123456789abcdef.pdf')).toEqual(pdf);
      expect((await store.list('acme', 'documents')).map((file) => file.name)).toEqual([
        'coi-0a1b2c3d-0123456789abcdef.pdf',
      ]);
      expect(await store.list('acme', 'items')).toEqual([]);
      // A PDF is no image: the public folders refuse it, and the documents folder refuses an SVG.
      await expect(store.write('acme', 'items', 'coi.pdf', pdf)).rejects.toThrow(/not a storable file name/);
      await expect(store.write('acme', 'documents', 'drawing.svg', SVG)).rejects.toThrow(/not a storable file name/);
      expect(await store.remove('acme', 'documents', 'coi-0a1b2c3d-0123456789abcdef.pdf')).toBe(true);
    });

    it('keeps import mappings (JSON) in a private folder of their own, and takes only JSON there', async () => {
      const mapping = Buffer.from('{ "columns": { "name": "Item" } }\n');
      await store.write('acme', 'import-mappings', '0123456789abcdef.json', mapping);
      expect(await store.read('acme', 'import-mappings', '0123456789abcdef.json')).toEqual(mapping);
      expect((await store.list('acme', 'import-mappings')).map((file) => file.name)).toEqual(['0123456789abcdef.json']);
      expect(await store.list('acme', 'documents')).toEqual([]);
      await expect(store.write('acme', 'import-mappings', 'drawing.svg', SVG)).rejects.toThrow(
        /not a storable file name/,
      );
      await expect(store.write('acme', 'assets', 'mapping.json', mapping)).rejects.toThrow(/not a storable file name/);
      await expect(store.write('acme', 'import-mappings', '../escape.json', mapping)).rejects.toThrow(
        /not a storable file name/,
      );
    });

    it('lists every file of a folder holding more than one page of them', async () => {
      const names = Array.from({ length: 25 }, (_, index) => `photo-${String(index).padStart(2, '0')}.svg`);
      await Promise.all(
        names.map((file, index) =>
          store.write('acme', 'items', file, Buffer.from(SVG.toString().replace('10"/>', `${index}"/>`))),
        ),
      );
      const listed = await store.list('acme', 'items');
      expect(listed.map((file) => file.name).sort()).toEqual(names);
      expect(new Set(listed.map((file) => file.hash)).size).toBe(25);
    });
  });
}
