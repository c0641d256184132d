/**
 * The AssetStore port: where a tenant's images (`assets/`: logos, icons, banners), its item
 * photos (`items/`), its private documents (`documents/`: certificates of insurance, never served
 * by the public image routes) and the column mappings its spreadsheet imports keep
 * (`import-mappings/`, private too: the next import of the same sheet, on any server or from the
 * CLI, starts from them) are kept. `files` (the default) keeps them beside the tenant's JSON in the
 * tenants folder; `cloud-storage` keeps them in a Google Cloud Storage bucket, so every server
 * behind a load balancer serves the same bytes. Both name a file by its content's hash (`hash`),
 * which the storefront puts in its URLs, so a changed image gets a new address and an unchanged
 * one is cached for a year, whichever server answers.
 */
import { createHash } from 'node:crypto';

/** The kinds of file a tenant has, each its own folder (or object prefix). */
export type AssetFolder = 'assets' | 'items' | 'documents' | 'import-mappings';

/** The folders kept apart from the tenants folder and never served by a public route. */
export const PRIVATE_FOLDERS = ['documents', 'import-mappings'] as const satisfies readonly AssetFolder[];
export const isPrivateFolder = (folder: AssetFolder): folder is (typeof PRIVATE_FOLDERS)[number] =>
  (PRIVATE_FOLDERS as readonly AssetFolder[]).includes(folder);

export interface StoredAsset {
  name: string;
  /** A short hash of the content: the same bytes give the same hash on every adapter. */
  hash: string;
  /** Bytes. */
  size: number;
}

export interface AssetStore {
  /** Where the files are, for logs ("the tenants folder", "gs://bucket"). */
  readonly description: string;
  /** Every file in one of a tenant's folders whose name `fileName` takes. */
  list(tenantId: string, folder: AssetFolder): Promise<StoredAsset[]>;
  /** One file's name, hash and size, or undefined when there is none. */
  stat(tenantId: string, folder: AssetFolder, name: string): Promise<StoredAsset | undefined>;
  /** One file's bytes, or undefined when there is none. */
  read(tenantId: string, folder: AssetFolder, name: string): Promise<Buffer | undefined>;
  /** Writes (or replaces) one file whole: a reader sees the old bytes or the new, never part. */
  write(tenantId: string, folder: AssetFolder, name: string, bytes: Buffer): Promise<StoredAsset>;
  /** Removes one file; false when there was none. */
  remove(tenantId: string, folder: AssetFolder, name: string): Promise<boolean>;
  close?(): Promise<void>;
}

/** File names a stored image may have: no folders, no dot files, one known image extension. */
export const ASSET_FILE_NAME = /^[a-z0-9][a-z0-9._-]{0,120}\.(svg|png|jpe?g|webp|avif|gif|ico)$/i;

/** File names a private document may have: a PDF or a photo (a certificate of insurance). */
export const DOCUMENT_FILE_NAME = /^[a-z0-9][a-z0-9._-]{0,120}\.(pdf|png|jpe?g)$/i;

/** File names a kept column mapping may have: the sheet's signature, as JSON. */
export const MAPPING_FILE_NAME = /^[a-z0-9][a-z0-9_-]{0,120}\.json$/i;

/** The names a folder keeps. */
export const fileNameRule = (folder: AssetFolder) =>
  folder === 'documents' ? DOCUMENT_FILE_NAME : folder === 'import-mappings' ? MAPPING_FILE_NAME : ASSET_FILE_NAME;

/** Tenant ids as the tenants folder takes them, checked before any path or object name is made. */
export const TENANT_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const ASSET_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  json: 'application/json',
};

export const contentTypeOf = (name: string) =>
  ASSET_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** The short content hash every adapter names files by (10 characters of base64url SHA-256). */
export const contentHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('base64url').slice(0, 10);

/** A name and tenant id this port may turn into a path or an object name. */
export function isStorableName(tenantId: string, name: string, folder: AssetFolder = 'assets'): boolean {
  return TENANT_ID.test(tenantId) && fileNameRule(folder).test(name);
}
