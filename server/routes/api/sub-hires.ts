/**
 * Houses hiring from each other (issue 39), for a house's staff:
 * - GET /api/tenants/:tenantId/sub-hire-offers?objectID&quantity&from&to  the same or similar items
 *   free on those dates at the other listed houses that take this house's sub-hires, nearest first,
 *   each with its house's rates and the trade rates this house would pay; `lenders` says how many
 *   houses take them at all (none: no house lends to this one yet).
 * - GET /api/tenants/:tenantId/sub-hire-houses  the other listed houses, by name: whom a house may
 *   name as the only ones it takes sub-hires from.
 * - POST /api/tenants/:tenantId/quote-requests/:id/sub-hires  asks another house for one of the
 *   request's short lines (server/marketplace/sub-hire-requests.ts): 201 with the sub-hire and the
 *   other house's request, 200 when it was asked before.
 * - GET /api/tenants/:tenantId/quote-requests/:id/sub-hires  the request's sub-hires, each with
 *   the other house's request as its customer sees it (state, priced version, total, what this
 *   house can do now) in that house's currency.
 * - GET /api/tenants/:tenantId/sub-hire-margins/:month  the month's sub-hires the lenders confirmed,
 *   on hires starting in it: what this house charges for the units hired in against what the lender
 *   charges it, and the margin in one currency (CSV).
 * - POST /api/tenants/:tenantId/quote-requests/:id/sub-hires/:theirId/:action  accept (on this
 *   house's account there; the version read in the body, and the way of cover where the lender
 *   takes several: `coverToChoose` in the view), decline or cancel the other house's request, as
 *   its customer (If-Match: that request's revision).
 */
import { signatureAsked, termsToSign } from '../../../schema/rental/agreement';
import { subHireCoverOptionsOf, waiverPrice } from '../../../schema/rental/cover';
import { renderMarkdown } from '../../../schema/display/markdown';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { withDefaults } from '../../../schema/defaults';
import { houseAccountId, houseCustomerUid } from '../../../schema/marketplace/sub-hires';
import { todayIn, dayCount } from '../../../schema/rental/quote-rules';
import { isOrderState, type QuoteAction } from '../../../schema/rental/quote-states';
import type { QuoteRequest, StepInput, SubHireAsk } from '../../../schema/types.generated';
import {
  askForSubHire,
  SubHireRefusedError,
  type SubHire,
  followSubHireAfterStep,
  hiredInBy,
  stockBehind,
  houseSubHireMargins,
  subHireMarginsCsv,
  subHireOffers,
} from '../../marketplace';
import { CSV, sendDownload } from '../../lib/downloads';
import { quoteStoresOf, quoteSettingsOf } from '../../rental';
import { ifMatchVersion, withVersion } from '../../lib/versions';
import { quoteStep } from '../../workflows/quote-step';
import { UnknownQuoteError, revisionOf } from '../../stores/quote-request-store';
import { visitorView } from './quotes';
import { isGeoPoint } from '../../../schema/marketplace/distance';
import { housePlace } from '../../../schema/marketplace/houses';
import { schemaIds } from '../../../schema/documents';
import { MAX_RANGE_DAYS } from '../../../schema/rental/rental-dates';
import { UnknownItemError } from '../../catalogue';
import { FieldProblemsError } from '../../stores/field-problems';
import { monthParams, tenantParams } from './tenants/params';

const date = { $ref: `${schemaIds.defs}#/$defs/calendarDate` } as const;
const offer = {
  type: 'object',
  required: ['house', 'objectID', 'name', 'free', 'enough', 'rates', 'tradeRates', 'discountPercent'],
  properties: {
    house: { type: 'object', description: 'The house that has it, with `km` from the asking house' },
    objectID: { type: 'string', description: "The item's id at that house" },
    name: { type: 'string' },
    image: { type: 'string' },
    free: { type: 'integer', description: 'How many are free there over the whole of the dates' },
    enough: { type: 'boolean', description: 'Whether that covers the quantity asked for' },
    rates: { type: 'object', description: "The house's own rates, in its currency" },
    tradeRates: { type: 'object', description: 'What the asking house pays: the rates less the trade discount' },
    discountPercent: { type: 'number' },
  },
} as const;

const quoteParams = {
  type: 'object',
  required: ['tenantId', 'id'],
  properties: { ...tenantParams.properties, id: { $ref: `${schemaIds.quoteRequest}#/properties/id` } },
} as const;
const CUSTOMER_ACTIONS = ['accept', 'decline', 'cancel'] as const satisfies readonly QuoteAction[];
const subHireSchema = { $ref: `${schemaIds.quoteRequest}#/properties/subHires/items` } as const;
const theirsSchema = {
  type: 'object',
  required: ['id', 'state', 'revision', 'actions', 'currency', 'locale'],
  additionalProperties: true,
  description: "The other house's request as its customer (this house) sees it, with that house's currency",
  properties: {
    id: { type: 'string' },
    state: { type: 'string' },
    revision: { type: 'integer' },
    total: { type: 'number' },
    actions: { type: 'array', items: { type: 'string' } },
    currency: { type: 'string' },
    locale: { type: 'string' },
  },
} as const;

/** The other house's request as this house, its customer, sees it: what it can do now, in that house's money. */
async function theirSide(app: FastifyInstance, theirs: QuoteRequest) {
  // The house is there: its request was just read from its store.
  const { tenant } = (await app.tenantStore.get(theirs.tenantId))!;
  const view = visitorView(theirs, todayIn(quoteSettingsOf(tenant).timezone, new Date()));
  const site = withDefaults('site', tenant.site);
  const vendor = withDefaults('vendor', tenant.vendor);
  // The lender's rental terms, while accepting signs them: the hiring house reads and signs them in its console.
  const terms = signatureAsked(site, theirs) ? termsToSign(site) : undefined;
  // The lender's ways of cover, while accepting chooses one (several, none chosen): the waiver with its price and terms.
  const cover =
    view.actions.includes('accept') && !isOrderState(theirs.state ?? 'requested') && subHireCoverOptionsOf(site);
  const waiver = site.damageWaiver;
  return {
    ...view,
    ...(terms && { termsToSign: { ...terms, html: renderMarkdown(terms.text) } }),
    ...(cover &&
      cover.length > 1 && {
        coverToChoose: {
          options: cover,
          // What the hiring house reads of the waiver; the lender's ledger code stays the lender's.
          ...(cover.includes('waiver') &&
            waiver && {
              waiver: {
                percent: waiver.percent,
                covers: waiver.covers,
                excludes: waiver.excludes,
                maxLiability: waiver.maxLiability,
                price: waiverPrice(theirs, waiver.percent),
              },
            }),
        },
      }),
    actions: view.actions.filter((action) => (CUSTOMER_ACTIONS as readonly string[]).includes(action)),
    currency: site.currency!,
    locale: site.locale!,
    // Whom to ask for what this house cannot do itself (change or cancel a confirmed order).
    contact: { email: vendor.email, ...(vendor.phone && { phone: vendor.phone }) },
  };
}

const subHireRoutes: FastifyPluginAsync = async (app) => {
  const stores = quoteStoresOf(app);
  const intakeStores = () => ({
    ...stores,
    tenantStore: app.tenantStore,
    mailer: app.mailer,
    customerAccounts: app.customerAccounts,
    marketplace: app.marketplace,
  });

  /** This request's sub-hire at `theirId`, or 404 (another house's staff never reach it: requireTenant). */
  async function subHireOf(tenantId: string, id: string, theirId: string): Promise<SubHire> {
    const ours = await app.quoteRequests.get(tenantId, id);
    const subHire = ours?.subHires?.find((entry) => entry.quoteId === theirId);
    if (!ours || !subHire) throw new UnknownQuoteError(theirId);
    return subHire;
  }

  app.post(
    '/api/tenants/:tenantId/quote-requests/:id/sub-hires',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['sub-hires'],
        summary:
          "Ask another house for a request's short line: an ordinary request there, this house the customer, at that house's trade price",
        params: quoteParams,
        body: { $ref: `${schemaIds.quoteRequest}#/$defs/subHireAsk` },
      },
      config: {
        docs: {
          success: {
            status: 201,
            schema: {
              type: 'object',
              required: ['subHire', 'theirs'],
              properties: { subHire: subHireSchema, theirs: theirsSchema },
            },
          },
          errors: {
            400: 'A line not on this request, this house itself, or a house not listed (by field)',
            404: 'No such house or request',
            409: 'That house does not take sub-hires from this one, the item is gone there or not free on the dates (by field), or this request is finished',
          },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const body = request.body as SubHireAsk;
      const { subHire, theirs, created } = await askForSubHire(
        intakeStores(),
        { houseId: tenantId, email: request.account!.email },
        { quoteId: id, ...body },
        new Date(),
        request.log,
      );
      return reply.code(created ? 201 : 200).send({ subHire, theirs: await theirSide(app, theirs) });
    },
  );

  app.get(
    '/api/tenants/:tenantId/quote-requests/:id/sub-hires',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['sub-hires'],
        summary: "The request's sub-hires, each with the other house's request as this house sees it",
        params: quoteParams,
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'array',
              items: {
                type: 'object',
                required: ['subHire'],
                properties: { subHire: subHireSchema, theirs: theirsSchema },
              },
            },
          },
          errors: { 404: 'No such house or request' },
        },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const ours = await app.quoteRequests.get(tenantId, id);
      if (!ours) throw new UnknownQuoteError(id);
      return Promise.all(
        (ours.subHires ?? []).map(async (subHire) => {
          const theirs = await app.quoteRequests.get(subHire.house, subHire.quoteId);
          // A follow that failed after the lender's step is done now.
          if (theirs && stockBehind(subHire.hiredIn, hiredInBy(theirs)))
            await followSubHireAfterStep(app, request.log, theirs);
          // A house removed from the platform takes its requests with it: the sub-hire says so by having none.
          return { subHire, ...(theirs && { theirs: await theirSide(app, theirs) }) };
        }),
      );
    },
  );

  app.get(
    '/api/tenants/:tenantId/sub-hire-margins/:month',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['sub-hires'],
        summary:
          "The month's sub-hires: what this house charged for them against what the lending houses charge it (CSV)",
        params: monthParams,
      },
      config: {
        docs: {
          success: {
            description: 'One row per sub-hire a lender confirmed, on hires starting in the month',
            contentTypes: ['text/csv'],
          },
          errors: { 404: 'No such house' },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, month } = request.params as { tenantId: string; month: string };
      const rows = await houseSubHireMargins(
        { quoteRequests: app.quoteRequests, tenantStore: app.tenantStore },
        tenantId,
        month,
      );
      return sendDownload(reply, {
        type: CSV,
        name: `backlot-sub-hire-margins-${tenantId}-${month}.csv`,
        body: subHireMarginsCsv(rows),
      });
    },
  );

  app.post(
    '/api/tenants/:tenantId/quote-requests/:id/sub-hires/:theirId/:action',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['sub-hires'],
        summary:
          "Accept (on this house's account there), decline or cancel the other house's request, as its customer (If-Match: its revision)",
        params: {
          type: 'object',
          required: ['tenantId', 'id', 'theirId', 'action'],
          properties: {
            ...quoteParams.properties,
            theirId: { $ref: `${schemaIds.quoteRequest}#/properties/id` },
            action: { type: 'string', enum: CUSTOMER_ACTIONS },
          },
        },
        body: { $ref: `${schemaIds.quoteRequest}#/$defs/stepInput` },
      },
      config: {
        docs: {
          ifMatch: true,
          success: { schema: theirsSchema, headers: ['etag'] },
          errors: {
            400: 'Accepting without the version read',
            404: 'No such request or sub-hire',
            409: 'Not possible now (expired, revised, answered), the stock is gone there, or that house takes a card hold from this one',
            412: "The other house's request changed since it was read",
          },
        },
      },
    },
    async (request, reply) => {
      const revision = Number(ifMatchVersion(request));
      const { tenantId, id, theirId, action } = request.params as {
        tenantId: string;
        id: string;
        theirId: string;
        action: (typeof CUSTOMER_ACTIONS)[number];
      };
      const subHire = await subHireOf(tenantId, id, theirId);
      const body: NonNullable<StepInput> = (request.body as StepInput) ?? {};
      if (action === 'accept' && body.version === undefined)
        throw new FieldProblemsError(
          [{ pointer: '/version', message: 'is needed to accept: the priced version you read' }],
          'Not accepted: say which version you read',
        );
      const theirs = await app.quoteRequests.get(subHire.house, subHire.quoteId);
      if (!theirs) throw new UnknownQuoteError(theirId);
      if (action === 'accept') {
        const account = await app.customerAccounts.get(subHire.house, houseAccountId(tenantId));
        if (account?.terms.method !== 'account')
          throw new SubHireRefusedError(
            `${subHire.houseName} takes a card hold from this house now, not payment on account: accept on ${subHire.houseName}'s storefront with a card.`,
          );
      }
      const lender = (await app.tenantStore.get(subHire.house))!.tenant;
      // Confirmed, it is the lender's order: only the lender changes or cancels it (its cancellation terms).
      if (action === 'cancel' && isOrderState(theirs.state ?? 'requested')) {
        const vendor = withDefaults('vendor', lender.vendor);
        throw new SubHireRefusedError(
          `${subHire.houseName} confirmed it: it is their order now, so only they can cancel it. Ask them: ${[vendor.email, vendor.phone].filter(Boolean).join(', ')}.`,
        );
      }
      const changed = await quoteStep(app, request.log, quoteSettingsOf(lender), {
        tenantId: subHire.house,
        id: subHire.quoteId,
        action,
        actor: 'visitor',
        who: { uid: houseCustomerUid(tenantId), email: theirs.email },
        revision: Number.isInteger(revision) ? revision : -1,
        ...(body.version !== undefined && { version: body.version }),
        ...(body.reason !== undefined && { note: body.reason }),
        ...(action === 'accept' && { account: houseAccountId(tenantId) }),
        // A lender with rental terms has them signed by the house that hires (its staff, by name).
        ...(action === 'accept' && body.signature && { signature: body.signature, ip: request.ip }),
        // The way of cover the hiring house chose, where the lender takes several.
        ...(action === 'accept' && body.cover && { cover: body.cover }),
        now: new Date(),
      });
      request.log.info(
        {
          tenantId,
          quoteRequest: id,
          lender: subHire.house,
          theirQuote: theirId,
          action,
          state: changed.state,
          by: request.account!.email,
        },
        'sub-hire step',
      );
      withVersion(reply, String(revisionOf(changed)));
      return theirSide(app, changed);
    },
  );

  app.get(
    '/api/tenants/:tenantId/sub-hire-houses',
    {
      onRequest: app.requireTenant,
      schema: { tags: ['sub-hires'], summary: 'The other listed houses, by name', params: tenantParams },
      config: {
        docs: {
          success: {
            schema: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'name'],
                properties: { id: { type: 'string' }, name: { type: 'string' }, place: { type: 'string' } },
              },
            },
          },
          errors: { 404: 'No such house' },
        },
      },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      await app.marketplace.loaded();
      return app.marketplace
        .listedHouses()
        .filter((house) => house.id !== tenantId)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((house) => ({ id: house.id, name: house.name, place: housePlace(house) }));
    },
  );

  app.get(
    '/api/tenants/:tenantId/sub-hire-offers',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['sub-hires'],
        summary:
          'The same or similar items free on dates at other houses that take sub-hires from this one, nearest first',
        params: tenantParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['objectID', 'quantity', 'from', 'to'],
          properties: {
            objectID: { type: 'string', minLength: 1, maxLength: 128, description: "This house's item that is short" },
            // A query string holds text: a whole number from 1, as digits.
            quantity: {
              type: 'string',
              pattern: '^[1-9][0-9]{0,3}$',
              description: 'How many more are needed (1 to 9,999)',
            },
            from: date,
            to: date,
          },
        },
      },
      config: {
        docs: {
          success: {
            schema: {
              type: 'object',
              required: ['offers', 'lenders'],
              properties: { offers: { type: 'array', items: offer }, lenders: { type: 'integer' } },
            },
          },
          errors: {
            400: `A date that is not one, or a range backwards or longer than ${MAX_RANGE_DAYS} days`,
            404: 'No such house or item',
          },
        },
      },
    },
    async (request) => {
      const { tenantId } = request.params as { tenantId: string };
      const { objectID, quantity, from, to } = request.query as {
        objectID: string;
        quantity: string;
        from: string;
        to: string;
      };
      if (to < from || dayCount(from, to) > MAX_RANGE_DAYS)
        throw new FieldProblemsError([
          { pointer: '/to', message: `must be on or after the first day, at most ${MAX_RANGE_DAYS} days on` },
        ]);
      const [stored, [item]] = await Promise.all([
        app.tenantStore.get(tenantId),
        app.itemStore.getMany(tenantId, [objectID]),
      ]);
      if (!stored || !item) throw new UnknownItemError(objectID);
      await app.marketplace.loaded();
      const location = stored.tenant.vendor._geoloc;
      return subHireOffers(
        {
          catalogueSearch: app.catalogueSearch,
          marketplace: app.marketplace,
          quoteRequests: app.quoteRequests,
          itemStore: app.itemStore,
        },
        { houseId: tenantId, ...(isGeoPoint(location) && { location: { lat: location.lat, lng: location.lng } }) },
        { item, wanted: Number(quantity), from, to },
        new Date(),
      );
    },
  );
};

export default subHireRoutes;
