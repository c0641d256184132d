/** The file AssetStore (server/assets/file-asset-store.ts), on a real temporary folder (its private documents in another), against the AssetStore contract. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileAssetStore } from '../../server/assets/file-asset-store';
import { assetStoreContract } from './asset-store.contract';

assetStoreContract('file', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'backlot-assets-'));
  return {
    store: new FileAssetStore(path.join(dir, 'tenants'), dir),
    close: () => rm(dir, { recursive: true, force: true }),
  };
});
