/** Preparing a browser file for the images API: a plain file name, the limits said up front, base64. Browser code. */

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const ACCEPTED = '.svg,.png,.jpg,.jpeg,.webp,.ico';

/** "My Logo (v2).PNG" → "my-logo-v2.png"; undefined when the kind is not one the storefront takes. */
export function uploadName(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf('.');
  const extension = fileName.slice(dot + 1).toLowerCase();
  if (dot < 0 || !['svg', 'png', 'jpg', 'jpeg', 'webp', 'ico'].includes(extension)) return undefined;
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
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; images may be at most 2 MB.`;
  return undefined;
}

export function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
