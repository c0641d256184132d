/**
 * The warehouse floor, for the console (tenant staff):
 * - GET  /api/tenants/:tenantId/dispatch                 what goes out and comes back from today to `days` on, late first
 * - GET  /api/tenants/:tenantId/orders/:id/pull-sheet    an order's lines with photo, location, quantity or tags, out and back, its scans
 * - POST /api/tenants/:tenantId/orders/:id/scans         one scan or count (a ScanInput; a repeated id is answered, not applied)
 * - GET  /api/tenants/:tenantId/items/:objectID/units    an item's units
 * - POST /api/tenants/:tenantId/items/:objectID/units    move an item to units: a tagged unit for each one in stock
 * - POST /api/tenants/:tenantId/units/:tag/status        a unit to repair, back in service, or retired
 * - POST /api/tenants/:tenantId/orders/:id/handovers      a hand-over: who took the items or brought them back, and their signature
 * - GET  /api/tenants/:tenantId/labels?item=…|order=…       the labels to print for an item's units, or an order's
 * - PUT  /api/tenants/:tenantId/orders/:id/charges/:chargeId   the vendor's adjustment to a late, damage or loss charge (with a reason), or none again
 * The rules: schema/rental/hire.ts; the orchestration: server/rental/hire-floor.ts.
 */
import {
  quoteStoresOf,
  adjustCharge,
  dispatchBoard,
  labelsFor,
  moveUnit,
  pullSheet,
  recordHandover,
  scanOnOrder,
  storedPhotos,
  unitsForItem,
  quoteSettingsOf,
  notifyCreditNote,
  takeBackLoss,
} from '../../../rental';
import type { FastifyPluginAsync } from 'fastify';
import { schemaIds } from '../../../../schema/documents';
import type { ChargeAdjustment, HandoverInput, ScanInput } from '../../../../schema/types.generated';
import { listOf, recordSchema } from '../../../lib/api-docs';
import { hiredInCodeOf, reportToLender } from '../../../marketplace';
import { afterQuoteStep } from '../../../workflows/quote-step';
import { UnknownQuoteError } from '../../../stores/quote-request-store';
import { daysAheadQuery, storeQuery, tenantParams, unitParams } from './params';

const orderParams = {
  type: 'object',
  required: ['tenantId', 'id'],
  properties: { ...tenantParams.properties, id: { $ref: `${schemaIds.quoteRequest}#/properties/id` } },
} as const;
const itemParams = {
  type: 'object',
  required: ['tenantId', 'objectID'],
  properties: { ...tenantParams.properties, objectID: { $ref: `${schemaIds.defs}#/$defs/slug` } },
} as const;
const chargeParams = {
  type: 'object',
  required: ['tenantId', 'id', 'chargeId'],
  properties: {
    ...orderParams.properties,
    chargeId: { $ref: `${schemaIds.quoteRequest}#/$defs/hireCharge/properties/id` },
  },
} as const;
const objectSchema = { type: 'object', additionalProperties: true } as const;

const hire: FastifyPluginAsync = async (app) => {
  const stores = quoteStoresOf(app);
  const settingsOf = async (tenantId: string) => quoteSettingsOf((await app.tenantStore.get(tenantId))!.tenant);

  app.get(
    '/api/tenants/:tenantId/dispatch',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary:
          'What goes out and comes back from today on (late ones first), with the hires an overdue order collides with',
        params: tenantParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            days: daysAheadQuery(31),
            store: storeQuery,
          },
        },
      },
      config: { docs: { success: { schema: objectSchema } } },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      const { days, store } = request.query as { days?: string; store?: string };
      return dispatchBoard(
        stores,
        await settingsOf(tenantId),
        tenantId,
        new Date(),
        days === undefined ? 7 : Number(days),
        store,
      );
    },
  );

  app.get(
    '/api/tenants/:tenantId/orders/:id/pull-sheet',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary:
          "An order's pull sheet: each line's photo, location, quantity or tags, what is out and back, and its scans",
        params: orderParams,
      },
      config: { docs: { success: { schema: objectSchema }, errors: { 404: 'No such order' } } },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const order = await app.quoteRequests.get(tenantId, id);
      if (!order) throw new UnknownQuoteError(id);
      return pullSheet(stores, await settingsOf(tenantId), order, new Date());
    },
  );

  app.post(
    '/api/tenants/:tenantId/orders/:id/scans',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary: 'One scan or count on an order (its id makes a retry safe)',
        params: orderParams,
        body: { $ref: `${schemaIds.quoteRequest}#/$defs/scanInput` },
      },
      config: {
        docs: {
          success: {
            schema: objectSchema,
            description:
              "`record` says what the scan was (`outcome`, `message`); `repeat` when this id was sent before; `lender` what the lender's order made of damage or loss found here on stock hired in from it (`house`, `houseName`, `outcome`, `message`)",
          },
          errors: { 404: 'No such order' },
        },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const settings = await settingsOf(tenantId);
      const body = request.body as ScanInput;
      // Condition photos are this house's own stored photos, or the scan is refused at the photo.
      const photos = await storedPhotos(app.storefrontAssets.store, tenantId, body.photos);
      const input = { ...body, ...(photos && { photos }) };
      const who = request.account!.email;
      const now = new Date();
      // Another house's label: stock this order hired in from it, scanned by the lender's own labels.
      const hiredIn = await hiredInCodeOf(stores, tenantId, id, input);
      const done = await scanOnOrder(stores, settings, {
        tenantId,
        orderId: id,
        input,
        who,
        now,
        ...(hiredIn && { hiredIn: 'scan' in hiredIn ? hiredIn.scan : hiredIn }),
      });
      // Damage or loss of it goes to the lender's order as its own check-in would record it (a retry records it once).
      const { record } = done;
      // This house's scan stands whatever the lender's store answers: a failure there is said, and the same scan sent again reports it again.
      const lender =
        hiredIn &&
        'scan' in hiredIn &&
        record.outcome === 'ok' &&
        (record.condition === 'damaged' || record.condition === 'lost')
          ? await reportToLender(stores, await settingsOf(hiredIn.scan.house), {
              hiredIn,
              record,
              input,
              houseName: settings.vendor.displayName,
              orderName: done.order?.production ?? id,
              who,
              now,
            }).catch((error: Error) => {
              request.log.error(
                { err: error, tenantId, order: id, lender: hiredIn.scan.house },
                'sub-hire damage not reported to the lender',
              );
              return {
                house: hiredIn.scan.house,
                houseName: hiredIn.scan.houseName,
                outcome: 'refused' as const,
                message: `${error.message} Send the scan again to report it`,
              };
            })
          : undefined;
      if (lender)
        request.log.info(
          { tenantId, order: id, lender: lender.house, outcome: lender.outcome },
          'sub-hire damage reported to the lender',
        );
      const changed = done.order && done.order.history?.at(-1);
      // A scan that moved the order to a new state is mailed to the visitor (once: a repeat has no order).
      if (
        done.order &&
        changed &&
        changed.at === done.record.at &&
        (changed.action === 'checkOut' || changed.action === 'checkIn')
      )
        await afterQuoteStep(app, request.log, done.order, { action: changed.action, actor: 'vendor' });
      request.log.info(
        { tenantId, order: id, scan: done.record.id, outcome: done.record.outcome, repeat: done.repeat },
        'scan',
      );
      return {
        record: done.record,
        repeat: done.repeat,
        ...(done.order && { state: done.order.state, hire: done.order.hire, revision: done.order.revision }),
        ...(lender && { lender }),
      };
    },
  );

  app.get(
    '/api/tenants/:tenantId/items/:objectID/units',
    {
      onRequest: app.requireTenant,
      schema: { tags: ['hire'], summary: "An item's units, by tag", params: itemParams },
      config: { docs: { success: { schema: listOf(recordSchema) } } },
    },
    async (request) => {
      const { tenantId, objectID } = request.params as { tenantId: string; objectID: string };
      return (await app.quoteRequests.listUnits(tenantId, { objectID, limit: 1000 })).units.map((unit) => ({
        ...unit,
        id: unit.tag,
      }));
    },
  );

  app.post(
    '/api/tenants/:tenantId/items/:objectID/units',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary: 'Track an item unit by unit: a tagged unit for each one in stock that has none yet',
        params: itemParams,
      },
      config: { docs: { success: { status: 201, schema: listOf(recordSchema) }, errors: { 404: 'No such item' } } },
    },
    async (request, reply) => {
      const { tenantId, objectID } = request.params as { tenantId: string; objectID: string };
      const made = await unitsForItem(stores, tenantId, objectID, new Date());
      request.log.info({ tenantId, objectID, units: made.length, by: request.account!.email }, 'units made');
      return reply.code(201).send(made.map((unit) => ({ ...unit, id: unit.tag })));
    },
  );

  app.post(
    '/api/tenants/:tenantId/units/:tag/status',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary: 'Send a unit to repair, put it back in service, or retire it',
        params: unitParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['status'],
          properties: {
            status: { type: 'string', enum: ['inService', 'repair', 'retired'] },
            note: { $ref: `${schemaIds.unit}#/$defs/unitEvent/properties/note` },
          },
        },
      },
      config: {
        docs: {
          success: { schema: recordSchema },
          errors: { 404: 'No such unit', 409: 'It is out on an order, or already so' },
        },
      },
    },
    async (request) => {
      const { tenantId, tag } = request.params as { tenantId: string; tag: string };
      const { status, note } = request.body as { status: 'inService' | 'repair' | 'retired'; note?: string };
      const settings = await settingsOf(tenantId);
      const now = new Date();
      const unit = await moveUnit(stores, settings, {
        tenantId,
        tag,
        status,
        ...(note !== undefined && { note }),
        who: request.account!.email,
        now,
      });
      // A unit written off as lost and found again: the loss charged for it is taken back.
      const wasLost = status === 'inService' && unit.history?.at(-2)?.status === 'lost';
      const takenBack = await takeBackLoss({ ...stores, invoices: app.invoices }, settings, {
        tenantId,
        unit,
        wasLost,
        who: request.account!.email,
        now,
      });
      if (takenBack)
        request.log.info(
          {
            tenantId,
            tag,
            ...('creditNote' in takenBack
              ? { creditNote: takenBack.creditNote.number }
              : { charge: takenBack.adjusted }),
          },
          'loss taken back',
        );
      if (takenBack && 'creditNote' in takenBack) await notifyCreditNote(app, request.log, takenBack.creditNote);
      return {
        ...unit,
        id: unit.tag,
        ...(takenBack && 'creditNote' in takenBack && { creditNote: takenBack.creditNote.number }),
      };
    },
  );

  app.put(
    '/api/tenants/:tenantId/orders/:id/charges/:chargeId',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary:
          'Adjust a late, damage or loss charge (an amount and the reason the visitor reads), or take the adjustment back with null',
        params: chargeParams,
        body: { $ref: `${schemaIds.quoteRequest}#/$defs/chargeAdjustment` },
      },
      config: {
        docs: {
          success: { schema: objectSchema },
          errors: { 404: 'No such order or charge', 409: 'The hire is closed' },
        },
      },
    },
    async (request) => {
      const { tenantId, id, chargeId } = request.params as { tenantId: string; id: string; chargeId: string };
      const { adjustment } = request.body as ChargeAdjustment;
      const done = await adjustCharge(stores, await settingsOf(tenantId), {
        tenantId,
        orderId: id,
        chargeId,
        adjustment: adjustment ?? null,
        who: request.account!.email,
        now: new Date(),
      });
      request.log.info({ tenantId, order: id, charge: chargeId, by: request.account!.email }, 'charge adjusted');
      return { record: done.record, state: done.order!.state, hire: done.order!.hire, revision: done.order!.revision };
    },
  );

  app.get(
    '/api/tenants/:tenantId/labels',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary:
          "The labels to print: an item's units (or the item's own label when it is counted as a quantity), or an order's",
        params: tenantParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          // Exactly one of the two.
          minProperties: 1,
          maxProperties: 1,
          properties: {
            item: { $ref: `${schemaIds.defs}#/$defs/slug` },
            order: { $ref: `${schemaIds.quoteRequest}#/properties/id` },
          },
        },
      },
      config: {
        docs: {
          success: { schema: { type: 'object', properties: { labels: { type: 'array', items: objectSchema } } } },
          errors: { 404: 'No such item or order' },
        },
      },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      const query = request.query as { item?: string; order?: string };
      return {
        labels: await labelsFor(
          stores,
          tenantId,
          query.item !== undefined ? { item: query.item } : { order: query.order! },
        ),
      };
    },
  );

  app.post(
    '/api/tenants/:tenantId/orders/:id/handovers',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary:
          'A hand-over signed on the scan screen: who took the items (or brought them back), with their signature (its id makes a retry safe)',
        params: orderParams,
        body: { $ref: `${schemaIds.quoteRequest}#/$defs/handoverInput` },
      },
      config: {
        docs: {
          success: { schema: objectSchema },
          errors: { 404: 'No such order', 409: 'The signature is not an image stored here' },
        },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const done = await recordHandover(stores, app.storefrontAssets.store, {
        tenantId,
        orderId: id,
        input: request.body as HandoverInput,
        who: request.account!.email,
        now: new Date(),
      });
      request.log.info(
        { tenantId, order: id, handover: done.record.id, outcome: done.record.outcome, repeat: done.repeat },
        'hand-over',
      );
      return {
        record: done.record,
        repeat: done.repeat,
        ...(done.order && { state: done.order.state, hire: done.order.hire, revision: done.order.revision }),
      };
    },
  );
};

export default hire;
