/** Preparing a browser file for the images API: a plain file name, the limits (the API's own, schema/assets.ts) said up front, base64. Browser code. */
import { MAX_ASSET_BYTES, UPLOAD_EXTENSIONS } from '../../schema/assets';

/** The file picker's filter. */
export const ACCEPTED = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');
const isUploadExtension = (extension: string): extension is (typeof UPLOAD_EXTENSIONS)[number] =>
  (UPLOAD_EXTENSIONS as readonly string[]).includes(extension);

/** "My Logo (v2).PNG" → "my-logo-v2.png"; undefined when the kind is not one the storefront takes. */
export function uploadName(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf('.');
  const extension = fileName.slice(dot + 1).toLowerCase();
  if (dot < 0 || !isUploadExtension(extension)) return undefined;
  const stem = fileName
    .slice(0, dot)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+|-+$/g, '')
    .slice(0, 70);
  return `${stem || 'image'}.${extension}`;
}

/** Why this file cannot be sent, before sending it; undefined when it may be. */
export function uploadRefusal(file: { name: string; size: number }): string | undefined {
  if (!uploadName(file.name)) return `${file.name} is not an SVG, PNG, JPEG, WebP or ICO image.`;
  if (file.size > MAX_ASSET_BYTES)
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; images may be at most ${MAX_ASSET_BYTES / 1024 / 1024} MB.`;
  return undefined;
}

export { base64Of } from '../../schema/display/file-base64';
