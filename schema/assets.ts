/**
 * What a tenant image upload may be, for the API that checks it (server/lib/asset-upload.ts) and
 * the console that says it up front (admin/assets/): the kinds, the size, the file name. Browser-safe.
 */
export const MAX_ASSET_BYTES = 2 * 1024 * 1024;

/** The image kinds an upload may be, by extension. */
export const UPLOAD_EXTENSIONS = ['svg', 'png', 'jpg', 'jpeg', 'webp', 'ico'] as const;

/** Upload names: lowercase, no folders, no dot files, one of the kinds above. */
export const UPLOAD_NAME = new RegExp(`^[a-z0-9][a-z0-9._-]{0,80}\\.(?:${UPLOAD_EXTENSIONS.join('|')})$`);
