/**
 * What an item photo upload may be, for the items API that stores it and the console's item form
 * that says it up front: the asset rules (schema/assets.ts: the kinds, the size, the names), less
 * ICO, a browser tab's icon format that the item photo route (server/routes/item-images.ts) does
 * not serve; and the name a photo is stored under: the uploaded name made plain, then a short hash
 * of its content, so two items' "photo.png" never replace each other and a stored photo never
 * changes under its address. Browser-safe.
 */
import { UPLOAD_EXTENSIONS } from './assets';

/** The image kinds an item photo may be, by extension. */
export const ITEM_PHOTO_EXTENSIONS = UPLOAD_EXTENSIONS.filter((extension) => extension !== 'ico');

/** Why a file the asset rules take is still no item photo (an icon), or undefined. */
export function itemPhotoKindProblem(name: string): string | undefined {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if ((ITEM_PHOTO_EXTENSIONS as readonly string[]).includes(extension)) return undefined;
  return `${name} is an icon (ICO), which pages do not show as a photo: upload an SVG, PNG, JPEG or WebP image`;
}

/**
 * "my-chair_v2.final.png" with hash "0a1b2c3d4e" → "my-chair-v2-final-0a1b2c3d4e.png": lowercase
 * letters, digits and hyphens, as photo addresses (/items/<tenantId>/<file>) take them.
 */
export function itemPhotoFileName(uploadName: string, hash: string): string {
  const dot = uploadName.lastIndexOf('.');
  const stem = uploadName
    .slice(0, dot)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${stem || 'photo'}-${hash}.${uploadName.slice(dot + 1).toLowerCase()}`;
}
