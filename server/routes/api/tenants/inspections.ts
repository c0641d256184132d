/**
 * Tests and repairs of units, for the console (tenant staff):
 * - GET  /api/tenants/:tenantId/units/:tag/tests?until=…  what the unit is due by a hire's last day (today without one), its tests and service record
 * - POST /api/tenants/:tenantId/units/:tag/tests          a test recorded (a UnitTestInput): passed, it may go out; failed, it goes to repair
 * - POST /api/tenants/:tenantId/units/:tag/repairs        a repair recorded with what it cost (a RepairInput)
 * - GET  /api/tenants/:tenantId/tests-due?days=…          tests due over the next days (7 unless said) and overdue, soonest first
 * The rules: schema/rental/inspections.ts; the steps: server/rental/unit-service.ts.
 */
import { dayParam } from '../../../lib/day-range';
import type { FastifyPluginAsync } from 'fastify';
import { schemaIds } from '../../../../schema/documents';
import type { RepairInput, UnitTestInput } from '../../../../schema/types.generated';
import { allItems } from '../../../catalogue';
import { recordSchema } from '../../../lib/api-docs';
import {
  quoteSettingsOf,
  quoteStoresOf,
  recordRepair,
  storedPhotos,
  testsDue,
  testUnit,
  unitTests,
} from '../../../rental';
import { daysAheadQuery, tenantParams, unitParams } from './params';

const objectSchema = { type: 'object', additionalProperties: true } as const;

const inspections: FastifyPluginAsync = async (app) => {
  const stores = quoteStoresOf(app);
  const settingsOf = async (tenantId: string) => quoteSettingsOf((await app.tenantStore.get(tenantId))!.tenant);

  app.get(
    '/api/tenants/:tenantId/units/:tag/tests',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary:
          "What a unit is due by a hire's last day, its item's tests with their checklists, and its service record",
        params: unitParams,
        querystring: { type: 'object', additionalProperties: false, properties: { until: dayParam } },
      },
      config: { docs: { success: { schema: objectSchema }, errors: { 404: 'No such unit' } } },
    },
    async (request) => {
      const { tenantId, tag } = request.params as { tenantId: string; tag: string };
      const { until } = request.query as { until?: string };
      return unitTests(stores, await settingsOf(tenantId), tenantId, tag, new Date(), until);
    },
  );

  app.post(
    '/api/tenants/:tenantId/units/:tag/tests',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary: 'Record a test of a unit: passed, it may go out again; failed, it goes to repair',
        params: unitParams,
        body: { $ref: `${schemaIds.unit}#/$defs/unitTestInput` },
      },
      config: {
        docs: {
          success: { schema: recordSchema },
          errors: { 404: 'No such unit', 409: 'It is out, or not one of its tests, or a pass with a failed check' },
        },
      },
    },
    async (request) => {
      const { tenantId, tag } = request.params as { tenantId: string; tag: string };
      const body = request.body as UnitTestInput;
      // The tester's photos are this house's own stored photos, or the test is refused at the photo.
      const photos = await storedPhotos(app.storefrontAssets.store, tenantId, body.photos);
      const test = { ...body, ...(photos && { photos }) };
      const who = request.account!.email;
      const unit = await testUnit(stores, await settingsOf(tenantId), { tenantId, tag, test, who, now: new Date() });
      request.log.info({ tenantId, tag, rule: test.rule, result: test.result, by: who }, 'unit tested');
      return { ...unit, id: unit.tag };
    },
  );

  app.post(
    '/api/tenants/:tenantId/units/:tag/repairs',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary: 'Record a repair of a unit with what it cost (parts, hours, labour, supplier)',
        params: unitParams,
        body: { $ref: `${schemaIds.unit}#/$defs/repairInput` },
      },
      config: { docs: { success: { schema: recordSchema }, errors: { 404: 'No such unit' } } },
    },
    async (request) => {
      const { tenantId, tag } = request.params as { tenantId: string; tag: string };
      const repair = request.body as RepairInput;
      const unit = await recordRepair(stores, { tenantId, tag, repair, who: request.account!.email, now: new Date() });
      return { ...unit, id: unit.tag };
    },
  );

  app.get(
    '/api/tenants/:tenantId/tests-due',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['hire'],
        summary: 'The tests units are due over the next days, and those overdue, soonest first',
        params: tenantParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            days: daysAheadQuery(90),
          },
        },
      },
      config: { docs: { success: { schema: objectSchema } } },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      const { days } = request.query as { days?: string };
      const items = await allItems(app.itemStore, tenantId);
      return testsDue(stores, await settingsOf(tenantId), tenantId, items, new Date(), days ? Number(days) : 7);
    },
  );
};

export default inspections;
