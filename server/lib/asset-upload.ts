/**
 * What the console may upload as a tenant image, checked before anything is written: a plain
 * file name with an image extension, at most MAX_ASSET_BYTES, content that really is that kind
 * of image (by its first bytes, not its name), and for SVG nothing that could run or fetch:
 * no script, event handler, javascript: URL, foreign object, embedded document, entity, or
 * reference outside the file. Such an SVG is refused, not cleaned: the admin re-exports it.
 * Pure: each check answers a reason, or undefined when the file is fine.
 */

import { MAX_ASSET_BYTES, UPLOAD_EXTENSIONS, UPLOAD_NAME } from '../../schema/assets';

export { MAX_ASSET_BYTES, UPLOAD_NAME };

const SIGNATURES: Record<(typeof UPLOAD_EXTENSIONS)[number], (bytes: Buffer) => boolean> = {
  png: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  jpeg: (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  webp: (bytes) =>
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP',
  ico: (bytes) => bytes.readUInt32BE(0) === 0x00000100,
  // A DOCTYPE is let through here so the SVG check can say why it is refused.
  svg: (bytes) =>
    /^(?:\uFEFF)?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(
      bytes.subarray(0, 4096).toString('utf8'),
    ),
};

const SVG_DANGERS: Array<[RegExp, string]> = [
  [/<script\b/i, 'a <script> element'],
  [/\son[a-z]+\s*=/i, 'an event handler attribute (onload, onclick …)'],
  [/javascript\s*:/i, 'a javascript: URL'],
  [/<foreignObject\b/i, 'a <foreignObject> element'],
  [/<(?:iframe|embed|object|audio|video|image)\b/i, 'an embedded document or image'],
  [/<!(?:DOCTYPE|ENTITY)\b/i, 'a DOCTYPE or entity declaration'],
  [/(?:xlink:)?href\s*=\s*["']\s*(?!#)/i, 'a link to something outside the file'],
  [/url\(\s*["']?\s*(?!#)/i, 'a url() outside the file'],
  [/@import\b/i, 'a stylesheet import'],
  [/<(?:animate|set)\b[^>]*attributeName\s*=\s*["']?(?:href|xlink:href)/i, 'an animated link'],
];

export function extensionOf(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1).toLowerCase();
}

/** Why this upload is refused, or undefined. */
export function uploadProblem(name: string, bytes: Buffer): string | undefined {
  if (!UPLOAD_NAME.test(name))
    return `"${name}" is not a usable file name: lowercase letters, digits, dots, hyphens and underscores, ending in ${UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(', ')}`;
  if (bytes.length === 0) return 'the file is empty';
  if (bytes.length > MAX_ASSET_BYTES)
    return `the file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; images may be at most ${MAX_ASSET_BYTES / 1024 / 1024} MB`;
  const extension = extensionOf(name);
  if (bytes.length < 12 || !SIGNATURES[extension as keyof typeof SIGNATURES](bytes))
    return `the file is not a ${extension.toUpperCase()} image, whatever its name says`;
  if (extension === 'svg') {
    const text = bytes.toString('utf8');
    const danger = SVG_DANGERS.find(([pattern]) => pattern.test(text));
    if (danger)
      return `this SVG contains ${danger[1]}, which could run or fetch something when shown; export it again as a plain drawing (or upload a PNG)`;
  }
  return undefined;
}

/** A JPEG's size from its first frame header (SOF0–SOF15, less the DHT, JPG and DAC markers). */
function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) };
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return undefined;
}

/** A WebP's size from its VP8, VP8L or VP8X chunk. */
function webpSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 30 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WEBP')
    return undefined;
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  return undefined;
}

/** The image's size in pixels where its header says it (PNG, JPEG, WebP, SVG width/height or viewBox). */
export function imageSize(name: string, bytes: Buffer): { width: number; height: number } | undefined {
  const extension = extensionOf(name);
  if (extension === 'png' && bytes.length >= 24)
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (extension === 'jpg' || extension === 'jpeg') return jpegSize(bytes);
  if (extension === 'webp') return webpSize(bytes);
  if (extension === 'svg') {
    const head = bytes.subarray(0, 4096).toString('utf8');
    const tag = /<svg\b[^>]*>/i.exec(head)?.[0] ?? '';
    const number = (attribute: string) =>
      Number(new RegExp(`\\s${attribute}\\s*=\\s*["']?([0-9.]+)(?:px)?["'\\s>]`, 'i').exec(tag)?.[1]);
    const [width, height] = [number('width'), number('height')];
    if (width > 0 && height > 0) return { width, height };
    const box = /\sviewBox\s*=\s*["']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)/i.exec(tag);
    if (box) return { width: Number(box[1]), height: Number(box[2]) };
  }
  return undefined;
}
