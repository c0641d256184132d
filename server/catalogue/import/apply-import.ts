/**
 * Carries out an import plan (import-plan.ts): refused unless every row passed or the one importing
 * chose to skip the refused ones; then the photos (named by their content's hash, so a photo
 * written twice is one file and one written before a failure is harmless), then the added category
 * paths (through the tenant store, checked like any edit), and last the items, all in one store
 * write (putMany: one transaction on SQLite), so an item never names a photo or a path that is not
 * there, and a failure leaves the catalogue as it was.
 */
import pLimit from 'p-limit';
import type { Tenant } from '../../../schema/types.generated';
import { moveUnit, quoteSettingsOf } from '../../rental';
import { repriceKits } from '../kits';
import type { AssetStore } from '../../assets/asset-store';
import type { ItemStore, PutManyCounts } from '../../stores/item-store';
import type { QuoteRequestStore } from '../../stores/quote-request-store';
import type { ImportPlan, UnitToRetire } from './import-plan';
import type { PhotoSource } from './photo-source';

/** Photos stored at once. */
const PHOTO_WRITES_AT_ONCE = 8;

export class ImportRefusedError extends Error {
  readonly statusCode = 409;
}

/** Refuses (409) a plan with refused rows unless the one importing chose to skip them: checked before anything is written. */
export function assertImportAllowed(plan: Pick<ImportPlan, 'refused'>, skipRefused: boolean): void {
  if (plan.refused.length && !skipRefused)
    throw new ImportRefusedError(
      `Nothing imported: ${plan.refused.length} row${plan.refused.length === 1 ? ' was' : 's were'} refused. Fix them, or import the rest and skip those rows.`,
    );
}

export interface ImportTarget {
  itemStore: ItemStore;
  assets: AssetStore;
  /** Saves the tenant's tree with the added paths (the tenant store's write, checked). */
  saveCategories: (categories: Tenant['categories']) => Promise<void>;
  /** Where units for new asset tags are added (the quote request store's units). */
  units?: Pick<QuoteRequestStore, 'addUnits'>;
  /** Retires one unit (the hire floor's move, with the stock row it starts and a line in its history). */
  retireUnit?: (unit: UnitToRetire, note: string) => Promise<void>;
}

/** Where an import is: storing its photos (one step each), then writing its items in one go. */
export type ImportStep = { stage: 'photos'; done: number; total: number } | { stage: 'items'; total: number };

export interface ImportDone {
  counts: PutManyCounts;
  photos: number;
  skipped: number;
  categoriesAdded: number;
  unitsAdded: number;
  unitsRetired: number;
  removed: number;
}

/** The target's retireUnit on the tenant's hire floor: each unit retired as the console retires one, by whoever imports. */
export function retiringUnits(
  quoteRequests: QuoteRequestStore,
  tenant: Tenant,
  who: string,
): NonNullable<ImportTarget['retireUnit']> {
  const settings = quoteSettingsOf(tenant);
  return async (unit, note) => {
    await moveUnit({ quoteRequests }, settings, {
      tenantId: tenant.vendor.id,
      tag: unit.tag,
      status: 'retired',
      note,
      who,
      now: new Date(),
    });
  };
}

export async function applyImport(
  target: ImportTarget,
  plan: ImportPlan,
  options: {
    tenantId: string;
    photos?: PhotoSource | undefined;
    skipRefused?: boolean;
    onProgress?: (step: ImportStep) => void;
  },
): Promise<ImportDone> {
  assertImportAllowed(plan, options.skipRefused ?? false);
  const items = [...plan.create, ...plan.update];
  let done = 0;
  // A few at a time: each write is its own durable file (or object), so the disk or the bucket is kept busy without flooding it.
  const limit = pLimit(PHOTO_WRITES_AT_ONCE);
  await Promise.all(
    plan.photos.map((photo) =>
      limit(async () => {
        if (!(await target.assets.stat(options.tenantId, 'items', photo.file)))
          await target.assets.write(options.tenantId, 'items', photo.file, await options.photos!.read(photo.source));
        options.onProgress?.({ stage: 'photos', done: (done += 1), total: plan.photos.length });
      }),
    ),
  );
  options.onProgress?.({ stage: 'items', total: items.length + plan.remove.length });
  if (plan.categories) await target.saveCategories(plan.categories);
  const counts = items.length
    ? await target.itemStore.putMany(options.tenantId, items)
    : { added: 0, updated: 0, unchanged: 0 };
  // Kits priced from their components follow the rates the sheet gave them.
  if (items.length) await repriceKits(target.itemStore, options.tenantId);
  // Units last: each names an item written above. A tag another import took meanwhile refuses them all (UnitExistsError, 409).
  if (plan.units.length) {
    if (!target.units)
      throw new ImportRefusedError('This import has asset tags, but no unit store was given to keep them.');
    const at = new Date().toISOString();
    await target.units.addUnits(
      options.tenantId,
      plan.units.map(({ objectID, tag }) => ({
        tenantId: options.tenantId,
        tag,
        objectID,
        status: 'inService',
        createdAt: at,
        updatedAt: at,
        history: [{ at, status: 'inService', by: 'backlot', note: 'Made by a spreadsheet import' }],
      })),
    );
  }
  // Units in stock a row no longer lists, retired only when asked: one by one, each a move of its own, as the console's.
  if (plan.retire.length && !target.retireUnit)
    throw new ImportRefusedError('This import retires units, but no hire floor was given to retire them.');
  for (const unit of plan.retire)
    await target.retireUnit!(
      unit,
      `Not on row ${unit.row} of ${plan.file} (imported with “remove what the sheet does not list”)`,
    );
  // Last: an item the sheet no longer lists is removed only when asked (its orders keep their own lines).
  let removed = 0;
  for (const objectID of plan.remove) if (await target.itemStore.delete(options.tenantId, objectID)) removed += 1;
  return {
    counts: { ...counts, unchanged: counts.unchanged + plan.unchanged.length },
    photos: plan.photos.length,
    skipped: plan.refused.length,
    categoriesAdded: plan.addedCategories.length,
    unitsAdded: plan.units.length,
    unitsRetired: plan.retire.length,
    removed,
  };
}
