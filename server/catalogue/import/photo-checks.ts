/**
 * The photos an import names, checked before anything is written: each read from its source and
 * judged by the upload rules (server/lib/asset-upload.ts: the kind by its bytes, the size, an SVG
 * that could run script), its pixel size read, and the name it is stored under (its content's
 * hash). Checked a few at a time, each once however many rows name it.
 */
import { createHash } from 'node:crypto';
import pLimit from 'p-limit';
import { itemPhotoFileName, itemPhotoKindProblem } from '../../../schema/item-photos';
import { imageSize, uploadProblem } from '../../lib/asset-upload';
import type { PhotoSource } from './photo-source';

export type PhotoCheck = { storedAs: string; width: number; height: number } | { problem: string };

/** Photos read at once. */
const READS_AT_ONCE = 8;

async function checkPhoto(photos: PhotoSource, source: string): Promise<PhotoCheck> {
  const bytes = await photos.read(source).catch((error: unknown) => error as Error);
  if (bytes instanceof Error) return { problem: `${source} could not be read: ${bytes.message}` };
  // The asset rules judge the bytes under a plain name (a camera's "IMG 0042.JPG" is stored as img-0042-<hash>.jpg).
  const plain = source
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '');
  const refusal = uploadProblem(plain, bytes) ?? itemPhotoKindProblem(plain);
  const size = refusal ? undefined : imageSize(source, bytes);
  if (refusal || !size)
    return { problem: `${source}: ${refusal ?? 'its size in pixels could not be read (a damaged or unusual image)'}` };
  return {
    storedAs: itemPhotoFileName(source, createHash('sha256').update(bytes).digest('hex').slice(0, 10)),
    width: Math.min(8192, Math.max(1, Math.round(size.width))),
    height: Math.min(8192, Math.max(1, Math.round(size.height))),
  };
}

/** Each named source checked once, READS_AT_ONCE at a time. */
export async function checkPhotos(photos: PhotoSource, sources: Iterable<string>): Promise<Map<string, PhotoCheck>> {
  const limit = pLimit(READS_AT_ONCE);
  const unique = [...new Set(sources)];
  const checks = await Promise.all(unique.map((source) => limit(() => checkPhoto(photos, source))));
  return new Map(unique.map((source, index) => [source, checks[index]!]));
}
