/**
 * A worker thread's task (server/lib/worker-pool.ts): a console import's sheet read, mapped and
 * planned against the tenant's items as the request read them, off the event loop. Answers the
 * check as the JSON the console reads (serialised here, not on the event loop) and, for an
 * import, the plan itself; progress goes back through the task's port as rows are planned.
 */
import type { MessagePort } from 'node:worker_threads';
// The schema's validators, compiled once per thread (the plan checks every item against them).
import '../../schema/node/ajv';
import type { Item, Tenant } from '../../schema/types.generated';
import { checkView } from '../catalogue/import/check-view';
import type { ExistingUnit, ImportPlan } from '../catalogue/import/import-plan';
import { photoSourceOfZip } from '../catalogue/import/photo-source';
import { planSheet } from '../catalogue/import/prepare-import';
import type { SavedMapping } from '../catalogue/import/saved-mappings';

export interface SheetPlanTask {
  /** The sheet, base64 as the request carried it (decoded here, not on the event loop). */
  data: string;
  file: string;
  tenantId: string;
  tenant: Pick<Tenant, 'site' | 'categories'> & Partial<Pick<Tenant, 'vendor'>>;
  existing: Item[];
  units: Array<[string, ExistingUnit]>;
  /** The mappings earlier imports kept, by sheet signature. */
  savedMappings: Record<string, SavedMapping>;
  mapping?: SavedMapping | undefined;
  photos?: { fileName: string; data: string } | undefined;
  addCategories: boolean;
  removeMissing: boolean;
  sheetName?: string | undefined;
  now: string;
  /** An import needs the plan itself; a check, only its view. */
  wantPlan: boolean;
  /** `{ done, total }` rows as they are planned. */
  progress?: MessagePort | undefined;
}

export type SheetPlanAnswer =
  { problem: string } | { view: string; signature: string; mapping: SavedMapping; plan?: ImportPlan };

export default async function sheetPlan(task: SheetPlanTask): Promise<SheetPlanAnswer> {
  const photos = task.photos
    ? await photoSourceOfZip(task.photos.fileName, Buffer.from(task.photos.data, 'base64')).catch(
        (error: Error) => error,
      )
    : undefined;
  if (photos instanceof Error) return { problem: photos.message };
  try {
    const planned = await planSheet({
      bytes: Buffer.from(task.data, 'base64'),
      file: task.file,
      tenantId: task.tenantId,
      tenant: task.tenant,
      existing: async () => new Map(task.existing.map((item) => [item.objectID, item])),
      existingUnits: async () => new Map(task.units),
      savedMapping: async (signature) => task.savedMappings[signature],
      photos,
      mapping: task.mapping,
      addCategories: task.addCategories,
      removeMissing: task.removeMissing,
      sheetName: task.sheetName,
      now: new Date(task.now),
      onProgress: (done, total) => task.progress?.postMessage({ done, total }),
    });
    if ('problem' in planned) return planned;
    const { prepared } = planned;
    return {
      view: JSON.stringify(checkView(task.tenant, prepared)),
      signature: prepared.signature,
      mapping: prepared.mapping,
      ...(task.wantPlan && { plan: prepared.plan }),
    };
  } finally {
    await photos?.close();
    task.progress?.close();
  }
}
