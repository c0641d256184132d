/**
 * Uploading an item photo from the item form: the tenant image rules said up front (the asset
 * upload's own checks, admin/assets/upload.ts, less ICO: schema/item-photos.ts), the file sent to
 * the items API (POST item-photos, which checks it again by those rules), and its address and
 * pixel size back. Browser code.
 */
import { ITEM_PHOTO_EXTENSIONS, itemPhotoKindProblem } from '../../schema/item-photos';
import { base64Of, uploadName, uploadRefusal } from '../assets/upload';

/** The file picker's filter. */
export const PHOTO_ACCEPTED = ITEM_PHOTO_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** Why this file cannot be an item photo, before sending it; undefined when it may be. */
export function photoRefusal(file: { name: string; size: number }): string | undefined {
  const refused = uploadRefusal(file);
  if (refused) return refused;
  const kind = itemPhotoKindProblem(file.name);
  return kind && `${kind}.`;
}

export interface UploadedPhoto {
  url: string;
  width?: number;
  height?: number;
}

/** Thrown with the words to show: the server's reason for refusing, or that it could not be reached. */
export class PhotoUploadError extends Error {}

/** The image's pixel size as the browser decodes it (JPEG and WebP, whose size the server does not read). */
function naturalSize(url: string): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () =>
      resolve(
        image.naturalWidth > 0 && image.naturalHeight > 0
          ? { width: image.naturalWidth, height: image.naturalHeight }
          : undefined,
      );
    image.onerror = () => resolve(undefined);
    image.src = url;
  });
}

/** Sends a file that photoRefusal passed; answers its address and, where known, its size in pixels. */
export async function uploadPhoto(tenantId: string, file: File): Promise<UploadedPhoto> {
  let response: Response;
  try {
    response = await fetch(`/api/tenants/${encodeURIComponent(tenantId)}/item-photos`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: uploadName(file.name), data: await base64Of(file) }),
    });
  } catch {
    throw new PhotoUploadError(
      'Could not reach the server: nothing was uploaded. Try again when the connection is back.',
    );
  }
  const answer = (await response.json().catch(() => ({}))) as {
    message?: string;
    errors?: Record<string, string>;
  } & Partial<UploadedPhoto>;
  if (!response.ok || !answer.url)
    throw new PhotoUploadError(answer.errors?.data ?? answer.message ?? `The server answered ${response.status}.`);
  const size =
    answer.width && answer.height ? { width: answer.width, height: answer.height } : await naturalSize(answer.url);
  return { url: answer.url, ...(size && { width: Math.round(size.width), height: Math.round(size.height) }) };
}
