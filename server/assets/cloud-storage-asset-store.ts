/**
 * The AssetStore in a Google Cloud Storage bucket (BACKLOT_ASSETS=cloud-storage), through
 * @google-cloud/storage: objects `tenants/<tenantId>/assets/<name>` and `…/items/<name>`, each
 * carrying its content hash in its custom metadata (`backlot-hash`, the same hash the file store
 * computes), so URLs are the same whichever store served them. Uploads are single requests checked
 * by MD5 at both ends; a reader sees the old object or the new, never part (Cloud Storage
 * replaces an object whole).
 *
 * Credentials are firebase-admin's and Google's usual ones (GOOGLE_APPLICATION_CREDENTIALS, or the
 * platform's service account). BACKLOT_STORAGE_HOST points it elsewhere (a loopback stand-in in
 * the tests, or a proxy), without credentials.
 */
import { Storage, type Bucket, type File } from '@google-cloud/storage';
import {
  contentHash,
  contentTypeOf,
  isStorableName,
  TENANT_ID,
  fileNameRule,
  type AssetFolder,
  type AssetStore,
  type StoredAsset,
} from './asset-store';

export interface CloudStorageSettings {
  bucket: string;
  /** An origin to use instead of Google's (BACKLOT_STORAGE_HOST). */
  host?: string;
}

const HASH_KEY = 'backlot-hash';

const notFound = (error: unknown) => (error as { code?: number }).code === 404;

export class CloudStorageAssetStore implements AssetStore {
  readonly description: string;
  private readonly bucket: Bucket;

  constructor(settings: CloudStorageSettings) {
    // A few quick retries, not the library's ten minutes: a page waits on these.
    const retryOptions = { autoRetry: true, maxRetries: 2, maxRetryDelay: 2, totalTimeout: 15 };
    const storage = new Storage(
      settings.host
        ? { apiEndpoint: settings.host, useAuthWithCustomEndpoint: false, projectId: 'backlot', retryOptions }
        : { retryOptions },
    );
    this.bucket = storage.bucket(settings.bucket);
    this.description = `gs://${settings.bucket}${settings.host ? ` at ${settings.host}` : ''}`;
  }

  private prefix(tenantId: string, folder: AssetFolder) {
    return `tenants/${tenantId}/${folder}/`;
  }

  private file(tenantId: string, folder: AssetFolder, name: string): File {
    if (!isStorableName(tenantId, name, folder))
      throw new Error(`not a storable file name: ${tenantId}/${folder}/${name}`);
    return this.bucket.file(this.prefix(tenantId, folder) + name);
  }

  /** An object's name, hash and size from its metadata; one put there by other tools is named by its MD5 instead. */
  private described(name: string, metadata: File['metadata']): StoredAsset {
    const hash = metadata.metadata?.[HASH_KEY];
    return {
      name,
      hash:
        typeof hash === 'string'
          ? hash
          : Buffer.from(String(metadata.md5Hash ?? ''), 'base64')
              .toString('base64url')
              .slice(0, 10),
      size: Number(metadata.size ?? 0),
    };
  }

  /** Throws a plain error when the bucket cannot be reached (checked once at start). */
  async check(): Promise<void> {
    const [exists] = await this.bucket.exists();
    if (!exists) throw new Error(`the bucket ${this.description} does not exist`);
  }

  async list(tenantId: string, folder: AssetFolder): Promise<StoredAsset[]> {
    if (!TENANT_ID.test(tenantId)) return [];
    const prefix = this.prefix(tenantId, folder);
    const [files] = await this.bucket.getFiles({ prefix, autoPaginate: true });
    return files
      .map((file) => ({ name: file.name.slice(prefix.length), metadata: file.metadata }))
      .filter(({ name }) => fileNameRule(folder).test(name))
      .map(({ name, metadata }) => this.described(name, metadata));
  }

  async stat(tenantId: string, folder: AssetFolder, name: string): Promise<StoredAsset | undefined> {
    if (!isStorableName(tenantId, name, folder)) return undefined;
    try {
      const [metadata] = await this.file(tenantId, folder, name).getMetadata();
      return this.described(name, metadata);
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async read(tenantId: string, folder: AssetFolder, name: string): Promise<Buffer | undefined> {
    if (!isStorableName(tenantId, name, folder)) return undefined;
    try {
      const [bytes] = await this.file(tenantId, folder, name).download({ validation: 'md5' });
      return bytes;
    } catch (error) {
      if (notFound(error)) return undefined;
      throw error;
    }
  }

  async write(tenantId: string, folder: AssetFolder, name: string, bytes: Buffer): Promise<StoredAsset> {
    const hash = contentHash(bytes);
    await this.file(tenantId, folder, name).save(bytes, {
      resumable: false,
      validation: 'md5',
      contentType: contentTypeOf(name),
      metadata: { cacheControl: 'no-cache', metadata: { [HASH_KEY]: hash } },
    });
    return { name, hash, size: bytes.length };
  }

  async remove(tenantId: string, folder: AssetFolder, name: string): Promise<boolean> {
    if (!isStorableName(tenantId, name, folder)) return false;
    try {
      await this.file(tenantId, folder, name).delete();
      return true;
    } catch (error) {
      if (notFound(error)) return false;
      throw error;
    }
  }
}
