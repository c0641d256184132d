/**
 * The console's Items → Import (the CLI's `backlot items import` over HTTP, one path underneath:
 * server/catalogue/import/):
 * - POST /api/tenants/:tenantId/items/import/check  the sheet read, its mapping (the one sent, the
 *        one saved for this sheet, or the guess), its first rows, and the dry run's report
 * - POST /api/tenants/:tenantId/items/import         the same, then carried out: refused while a
 *        row is refused unless `skipRefused`; the mapping kept for the next import of this sheet
 * - GET  /api/tenants/:tenantId/items/export.{csv,xlsx} the catalogue with the columns the import
 *        reads back, to edit in a spreadsheet and import again
 * Both imports take the sheet (and optionally a ZIP of photos) base64-encoded. The import answers
 * as it goes (`Accept: application/x-ndjson`: progress lines, then the result; lib/progress-stream)
 * when asked, else once done. The storefront and search see the items at once (the item store's
 * own change events).
 */
import { CSV, sendDownload } from '../../../lib/downloads';
import path from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { consolePhotosSizeProblem, MAX_CONSOLE_PHOTOS_BYTES, MAX_SHEET_BYTES } from '../../../../schema/item-import';
import {
  applyImport,
  assertImportAllowed,
  retiringUnits,
  type ImportStep,
  exportSheet,
  type SheetFormat,
  allItems,
  photoSourceOfZip,
  saveMapping,
  savedMappingsOf,
  type SavedMapping,
} from '../../../catalogue';
import { answerWithProgress, RawJson, wantsProgress } from '../../../lib/progress-stream';
import { workerPool } from '../../../lib/worker-pool';
import type { SheetPlanAnswer, SheetPlanTask } from '../../../workers/sheet-plan';
import { tenantParams } from './params';

/** The most a console upload may carry: the sheet and a ZIP of photos, base64 (larger photo libraries go through the CLI). */
const bodyLimit = Math.ceil(((MAX_SHEET_BYTES + MAX_CONSOLE_PHOTOS_BYTES) * 4) / 3) + 64 * 1024;

const body = {
  type: 'object',
  additionalProperties: false,
  required: ['fileName', 'data'],
  properties: {
    fileName: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: "The spreadsheet's name (.csv or .xlsx), as the report names it",
    },
    data: { type: 'string', contentEncoding: 'base64', description: 'The spreadsheet, base64-encoded' },
    photos: {
      type: 'object',
      additionalProperties: false,
      required: ['fileName', 'data'],
      properties: {
        fileName: { type: 'string', minLength: 1, maxLength: 200 },
        data: { type: 'string', contentEncoding: 'base64' },
      },
      description: 'A ZIP of photos, matched to rows by a Photos column or by the key at the start of their file names',
    },
    mapping: {
      type: 'object',
      additionalProperties: false,
      required: ['columns'],
      properties: {
        columns: {
          type: 'object',
          additionalProperties: { type: 'string', maxLength: 200 },
          description: 'Field → the header of the column that fills it',
        },
        categories: {
          type: 'object',
          additionalProperties: { type: 'string', maxLength: 200 },
          description: 'Category text → group/category[/subcategory]',
        },
      },
    },
    addCategories: { type: 'boolean', description: 'Add the category paths the tree lacks to categories.json' },
    removeMissing: {
      type: 'boolean',
      description: "Remove the tenant's items the sheet does not list (kept otherwise)",
    },
    skipRefused: { type: 'boolean', description: 'Import the rows that pass and skip the refused ones' },
    sheet: { type: 'string', maxLength: 100, description: "An XLSX workbook's sheet (default: the first)" },
  },
} as const;

interface ImportBody {
  fileName: string;
  data: string;
  photos?: { fileName: string; data: string };
  mapping?: SavedMapping;
  addCategories?: boolean;
  removeMissing?: boolean;
  skipRefused?: boolean;
  sheet?: string;
}

class ImportProblemError extends Error {
  readonly statusCode = 400;
}

/** Rows planned, as the check says how far it is. */
type ImportProgress = { stage: 'rows'; done: number; total: number };

const itemImport: FastifyPluginAsync = async (app) => {
  // A sheet is read, mapped and planned in a worker thread: a house's 60,000 rows never hold up
  // another house's page (nor this server's health check).
  const sheets = workerPool<SheetPlanTask, SheetPlanAnswer>('sheet-plan');
  app.addHook('onClose', () => sheets.close());

  /** The request's sheet planned off the event loop against the tenant as stored; rows planned go to `onProgress`. */
  const planned = async (
    request: FastifyRequest,
    wantPlan: boolean,
    onProgress?: (progress: ImportProgress) => void,
  ) => {
    const { tenantId } = request.params as { tenantId: string };
    const input = request.body as ImportBody;
    const stored = await app.tenantStore.get(tenantId);
    if (!stored) throw new ImportProblemError(`No tenant ${tenantId}`);
    const photosTooLarge = input.photos && consolePhotosSizeProblem(Math.floor((input.photos.data.length * 3) / 4));
    if (photosTooLarge) throw new ImportProblemError(`${input.photos!.fileName} ${photosTooLarge}`);
    const [existing, { units }, savedMappings] = await Promise.all([
      allItems(app.itemStore, tenantId),
      app.quoteRequests.listUnits(tenantId, { limit: 1_000_000 }),
      savedMappingsOf(app.storefrontAssets.store, tenantId),
    ]);
    const { port1, port2 } = new MessageChannel();
    port1.on('message', ({ done, total }: { done: number; total: number }) =>
      onProgress?.({ stage: 'rows', done, total }),
    );
    try {
      const answer = await sheets.run(
        tenantId,
        {
          data: input.data,
          file: path.basename(input.fileName),
          tenantId,
          tenant: { site: stored.tenant.site, categories: stored.tenant.categories, vendor: stored.tenant.vendor },
          existing,
          units: units.map((unit) => [unit.tag, { objectID: unit.objectID, status: unit.status }]),
          savedMappings,
          mapping: input.mapping,
          photos: input.photos,
          addCategories: input.addCategories ?? false,
          removeMissing: input.removeMissing ?? false,
          sheetName: input.sheet,
          now: new Date().toISOString(),
          wantPlan,
          progress: port2,
        },
        [port2],
      );
      if ('problem' in answer) throw new ImportProblemError(answer.problem);
      return { tenantId, input, stored, answer };
    } finally {
      port1.close();
    }
  };
  const docs = {
    success: { schema: { type: 'object', additionalProperties: true } },
    errors: {
      400: 'The sheet cannot be read or mapped (the message says where)',
      429: 'This house, or the server, has as many sheets under way as it takes: try again shortly',
    },
  };

  app.post(
    '/api/tenants/:tenantId/items/import/check',
    {
      onRequest: app.requireTenant,
      bodyLimit,
      schema: {
        tags: ['items'],
        summary:
          'Read a spreadsheet, map its columns and dry-run its import: what would be created, updated, left alone and refused, and why',
        params: tenantParams,
        body,
      },
      config: {
        docs: {
          ...docs,
          success: {
            ...docs.success,
            description:
              'The check; or, with Accept: application/x-ndjson, {"progress":{stage:"rows",done,total}} lines and then {"result":…} or {"error":{statusCode,message}}',
          },
        },
      },
    },
    async (request, reply) => {
      if (wantsProgress(request))
        return answerWithProgress<ImportProgress, RawJson>(
          reply,
          request.log,
          async (progress) => new RawJson((await planned(request, false, progress)).answer.view),
          'The check stopped on the server (the log says why): check again.',
        );
      const { answer } = await planned(request, false);
      return reply.type('application/json; charset=utf-8').send(answer.view);
    },
  );

  app.post(
    '/api/tenants/:tenantId/items/import',
    {
      onRequest: app.requireTenant,
      bodyLimit,
      schema: {
        tags: ['items'],
        summary:
          'Import a spreadsheet (and a ZIP of photos) into the catalogue: nothing written while a row is refused, unless skipRefused',
        params: tenantParams,
        body,
      },
      config: {
        docs: {
          ...docs,
          success: {
            ...docs.success,
            description:
              'The report, once done; or, with Accept: application/x-ndjson, {"progress":{stage,done,total}} lines and then {"result":…} or {"error":{statusCode,message}}',
          },
          errors: { ...docs.errors, 409: 'Rows are refused and skipRefused was not given: nothing was written' },
        },
      },
    },
    async (request, reply) => {
      // Planned first (in a worker), so refused rows are a plain 409 before any answer starts.
      const { tenantId, input, stored, answer } = await planned(request, true);
      const plan = answer.plan!;
      assertImportAllowed(plan, input.skipRefused ?? false);
      const carryOut = async (onProgress?: (step: ImportStep) => void) => {
        const photos = input.photos
          ? await photoSourceOfZip(input.photos.fileName, Buffer.from(input.photos.data, 'base64')).catch(
              (error: Error) => Promise.reject(new ImportProblemError(error.message)),
            )
          : undefined;
        try {
          const done = await applyImport(
            {
              itemStore: app.itemStore,
              assets: app.storefrontAssets.store,
              units: app.quoteRequests,
              retireUnit: retiringUnits(app.quoteRequests, stored.tenant, request.account?.email ?? 'console'),
              saveCategories: async (categories) => {
                await app.tenantStore.put(
                  tenantId,
                  { ...stored.tenant, categories },
                  { ifMatch: stored.version, actor: request.account?.email ?? 'console' },
                );
              },
            },
            plan,
            { tenantId, photos, skipRefused: input.skipRefused ?? false, ...(onProgress && { onProgress }) },
          );
          app.storefrontAssets.changed(tenantId);
          await saveMapping(app.storefrontAssets.store, tenantId, answer.signature, answer.mapping);
          request.log.info(
            {
              tenantId,
              file: input.fileName,
              ...done.counts,
              photos: done.photos,
              skipped: done.skipped,
              actor: request.account?.email,
            },
            'items imported',
          );
          return { ...(JSON.parse(answer.view) as object), done };
        } finally {
          await photos?.close();
        }
      };
      if (!wantsProgress(request)) return carryOut();
      return answerWithProgress(
        reply,
        request.log,
        (progress) => carryOut((step) => progress(step, step.stage === 'items' || step.done === step.total)),
        'The import stopped on the server (the log says why). Its items were not written: import again to finish.',
      );
    },
  );

  app.get(
    '/api/tenants/:tenantId/items/export.:format',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['items'],
        summary: "The tenant's catalogue as a spreadsheet (CSV or XLSX) with the columns the import reads back",
        params: {
          ...tenantParams,
          required: [...tenantParams.required, 'format'],
          properties: { ...tenantParams.properties, format: { type: 'string', enum: ['csv', 'xlsx'] } },
        },
      },
      config: {
        docs: {
          success: {
            description: 'The catalogue as a CSV file or an XLSX workbook, as an attachment',
            contentTypes: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
          },
          errors: { 400: 'Not csv or xlsx' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, format } = request.params as { tenantId: string; format: SheetFormat };
      const stored = await app.tenantStore.get(tenantId);
      if (!stored) throw new ImportProblemError(`No tenant ${tenantId}`);
      const [items, { units }] = await Promise.all([
        allItems(app.itemStore, tenantId),
        app.quoteRequests.listUnits(tenantId, { limit: 1_000_000 }),
      ]);
      const bytes = await exportSheet(items, stored.tenant, format, units);
      return sendDownload(reply, {
        type: format === 'csv' ? CSV : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        name: `${tenantId}-items.${format}`,
        body: bytes,
      });
    },
  );
};

export default itemImport;
