/**
 * A photo or signature a form sends (a test's photos, a check-in's, a hand-over's signature) is
 * taken only when it is a file this tenant stored in its item photos folder and that exists:
 * decoded and normalised first, so `../`, `%2e%2e` or another tenant's folder behind a prefix that
 * merely looks right are refused. An address elsewhere would show another house's picture, or
 * anything at all, as this house's record.
 */
import path from 'node:path';
import { isStorableName, type AssetStore } from '../assets/asset-store';
import { FieldProblemsError } from '../stores/field-problems';

/** The photo's own address (`/items/<tenantId>/<file>`) once it is known to be stored; undefined for anything else. */
export async function storedPhoto(
  assets: Pick<AssetStore, 'stat'>,
  tenantId: string,
  address: string,
): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(address.split(/[?#]/)[0]!);
  } catch {
    return undefined;
  }
  const normal = path.posix.normalize(decoded);
  const prefix = `/items/${tenantId}/`;
  const name = normal.startsWith(prefix) ? normal.slice(prefix.length) : '';
  if (!name || name.includes('/') || !isStorableName(tenantId, name, 'items')) return undefined;
  return (await assets.stat(tenantId, 'items', name)) ? `${prefix}${name}` : undefined;
}

/** Every photo's own address, or a refusal at each one that is not this tenant's (`/photos/<n>`). */
export async function storedPhotos(
  assets: Pick<AssetStore, 'stat'>,
  tenantId: string,
  photos: readonly string[] | undefined,
): Promise<string[] | undefined> {
  if (!photos?.length) return undefined;
  const stored = await Promise.all(photos.map((photo) => storedPhoto(assets, tenantId, photo)));
  const problems = stored.flatMap((found, index) =>
    found
      ? []
      : [
          {
            pointer: `/photos/${index}`,
            message: `Photo ${index + 1} must be an image uploaded here, in this house’s own photos.`,
          },
        ],
  );
  if (problems.length) throw new FieldProblemsError(problems, `Not recorded: ${problems[0]!.message}`);
  return stored as string[];
}
