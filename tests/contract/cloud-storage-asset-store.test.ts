/**
 * The Cloud Storage AssetStore (server/assets/cloud-storage-asset-store.ts), through the official
 * @google-cloud/storage client, against the AssetStore contract, on a STAND-IN
 * (tests/helpers/cloud-storage-stand-in.ts): no Cloud Storage emulator runs on this machine. The
 * stand-in pages lists by 10, so listing past one page is exercised. What it cannot prove: Google's
 * authentication and IAM, real latency and retries, resumable uploads (unused), and consistency
 * across Google's regions.
 */
import { expect, it } from 'vitest';
import { CloudStorageAssetStore } from '../../server/assets/cloud-storage-asset-store';
import { startCloudStorageStandIn } from '../helpers/cloud-storage-stand-in';
import { assetStoreContract } from './asset-store.contract';

assetStoreContract('cloud-storage (stand-in)', async () => {
  const standIn = await startCloudStorageStandIn({ buckets: ['backlot-test'], maxPage: 10 });
  return {
    store: new CloudStorageAssetStore({ bucket: 'backlot-test', host: standIn.url }),
    close: () => standIn.close(),
  };
});

it('keeps each file as an object under tenants/<tenantId>/<folder>/, typed, with its hash in its metadata', async () => {
  const standIn = await startCloudStorageStandIn({ buckets: ['backlot-test'] });
  try {
    const store = new CloudStorageAssetStore({ bucket: 'backlot-test', host: standIn.url });
    const written = await store.write(
      'acme',
      'assets',
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    const object = standIn.buckets.get('backlot-test')!.get('tenants/acme/assets/logo.svg')!;
    expect(object.contentType).toBe('image/svg+xml');
    expect(object.metadata).toEqual({ 'backlot-hash': written.hash });
    await store.check();
    await expect(new CloudStorageAssetStore({ bucket: 'no-such-bucket', host: standIn.url }).check()).rejects.toThrow(
      /does not exist/,
    );
  } finally {
    await standIn.close();
  }
});
