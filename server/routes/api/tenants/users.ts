/**
 * A tenant's visitors, for its admins (spec §2, §6: approval): ra-data-simple-rest's way.
 * - GET /api/tenants/:tenantId/users       profiles newest first, each with `decision` (awaiting, approved, denied) to filter by
 * - GET /api/tenants/:tenantId/users/:id   one
 * - PUT /api/tenants/:tenantId/users/:id   the decision: `{ "isAuthorized": true | false }`
 * A first approval mails the welcome message, a first denial the denied one, each once
 * (hasReceivedWelcomeEmail / hasReceivedDeniedEmail). If the mail cannot go, the decision
 * stands, the flag stays unset, and the answer says to save again to retry it.
 */
import type { FastifyPluginAsync } from 'fastify';
import { fetchHeaders } from '../../../plugins/app/accounts';
import { storefrontOrigin } from '../storefront-origin';
import type { UserProfile } from '../../../../schema/types.generated';
import { visitorName } from '../../../../schema/visitor-name';
import { storefrontConfiguration } from '../../../../schema/configuration/build-configuration';
import { STORED_TENANT_INVALID } from '../../../lib/api-docs';
import { ListQueryError, listQuerySchema, sendStorePage, storePage, type ListQuery } from '../../../lib/ra-list';
import { deniedMessage, welcomeMessage } from '../../../mail/messages';
import { sendAs } from '../../../mail/tenant-mail';
import { UnknownProfileError } from '../../../stores/profile-store';
import { UnknownTenantError } from '../../../stores/tenant-store';
import { tenantParams } from './params';

const userSchema = {
  type: 'object',
  required: ['id', 'email'],
  properties: { id: { type: 'string' }, email: { type: 'string' }, isAuthorized: { type: ['boolean', 'null'] } },
  additionalProperties: true,
} as const;
const userParams = {
  ...tenantParams,
  required: ['tenantId', 'id'],
  properties: { ...tenantParams.properties, id: { type: 'string', minLength: 1, maxLength: 128 } },
};

class MailNotSentError extends Error {
  readonly statusCode = 502;
}

/** The console's decision filter, as the profile store keeps it. */
const DECISIONS = { awaiting: null, approved: true, denied: false } as const;

const users: FastifyPluginAsync = async (app) => {
  // `decision` says isAuthorized in words a list can filter by (a null filter value does not survive react-admin).
  const record = (uid: string, profile: UserProfile) => ({
    id: uid,
    ...profile,
    name: visitorName(profile, profile.email),
    decision: profile.isAuthorized === true ? 'approved' : profile.isAuthorized === false ? 'denied' : 'awaiting',
  });

  app.get(
    '/api/tenants/:tenantId/users',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['users'],
        summary: "The tenant's visitors, newest first",
        params: tenantParams,
        querystring: listQuerySchema,
      },
      config: { docs: { success: { schema: { type: 'array', items: userSchema }, headers: ['content-range'] } } },
    },
    async (request, reply) => {
      const { tenantId } = request.params as { tenantId: string };
      // Filtered (`{"decision":"awaiting"}`), paged and counted in the store: the console sees every visitor, a page at a time.
      const page = storePage(request.query as ListQuery, ['createdAt'] as const, { field: 'createdAt', order: 'desc' });
      const { decision, ...others } = page.filter;
      const unknown = Object.keys(others)[0];
      if (unknown !== undefined) throw new ListQueryError(`filter takes decision, not ${JSON.stringify(unknown)}`);
      if (decision !== undefined && (typeof decision !== 'string' || !Object.hasOwn(DECISIONS, decision)))
        throw new ListQueryError(`filter.decision must be one of ${Object.keys(DECISIONS).join(', ')}`);
      if (page.sort.order !== 'desc') throw new ListQueryError('sort: visitors are listed newest first');
      const { total, profiles } = await app.profileStore.list(tenantId, {
        ...(decision !== undefined && { isAuthorized: DECISIONS[decision as keyof typeof DECISIONS] }),
        offset: page.offset,
        limit: page.limit,
      });
      return sendStorePage(reply, 'users', {
        offset: page.offset,
        total,
        rows: profiles.map((entry) => record(entry.uid, entry.profile)),
      });
    },
  );

  app.get(
    '/api/tenants/:tenantId/users/:id',
    {
      onRequest: app.requireTenant,
      schema: { tags: ['users'], summary: 'One visitor', params: userParams },
      config: { docs: { success: { schema: userSchema } } },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const profile = await app.profileStore.get(tenantId, id);
      if (!profile) throw new UnknownProfileError(`No user ${JSON.stringify(id)}`);
      return record(id, profile);
    },
  );

  app.put(
    '/api/tenants/:tenantId/users/:id',
    {
      onRequest: app.requireTenant,
      schema: {
        tags: ['users'],
        summary: 'Approve or deny a visitor (mails them once)',
        params: userParams,
        body: {
          type: 'object',
          required: ['isAuthorized'],
          properties: { isAuthorized: { type: 'boolean' } },
          additionalProperties: true,
        },
      },
      config: {
        docs: {
          success: { schema: userSchema },
          errors: {
            502: 'The decision stands but its mail could not be sent: save again to retry',
            ...STORED_TENANT_INVALID,
          },
        },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      const { isAuthorized } = request.body as { isAuthorized: boolean };
      const stored = await app.tenantStore.get(tenantId);
      if (!stored) throw new UnknownTenantError(tenantId);
      const flag = isAuthorized ? 'hasReceivedWelcomeEmail' : 'hasReceivedDeniedEmail';
      let mailDue = false;
      // The decision and the claim on its mail in one atomic change: two admins deciding at once mail once.
      const decided = await app.profileStore.update(tenantId, id, (current) => {
        mailDue = !current[flag];
        return { ...current, isAuthorized, [flag]: true, updatedAt: new Date().toISOString() };
      });
      // The visitor's production request parts waiting for this house: sent now, or told it said no.
      await app.productionRequests
        .decided(tenantId, id, isAuthorized, new Date())
        .catch((error: unknown) =>
          request.log.error(
            { err: error, tenantId, uid: id },
            'production request parts waiting for this decision were not updated',
          ),
        );
      if (!mailDue) return record(id, decided);
      const configuration = storefrontConfiguration(
        tenantId,
        stored.version,
        stored.tenant,
        await app.storefrontAssets.versions(tenantId),
      );
      const to = { email: decided.email, displayName: visitorName(decided) };
      try {
        await sendAs(
          app.mailer,
          configuration,
          decided.email,
          isAuthorized ? welcomeMessage(configuration, to) : deniedMessage(configuration, to),
        );
      } catch (error) {
        request.log.error({ err: error, tenantId, uid: id }, 'decision mail not sent');
        await app.profileStore.update(tenantId, id, (current) => ({ ...current, [flag]: false }));
        throw new MailNotSentError(
          `${isAuthorized ? 'Approved' : 'Denied'}, but the ${isAuthorized ? 'welcome' : 'denial'} email could not be sent. Save again to retry.`,
        );
      }
      request.log.info({ tenantId, uid: id, isAuthorized, actor: request.account!.email }, 'visitor decision');
      return record(id, decided);
    },
  );

  /**
   * Platform staff view the storefront as a visitor (§6's impersonation login, custom-token style):
   * a one-time ticket, good for a minute, redeemed by the storefront at the URL answered. Logged.
   */
  app.post(
    '/api/tenants/:tenantId/users/:id/impersonation',
    {
      onRequest: app.requirePlatform,
      schema: { tags: ['users'], summary: 'View the storefront as this visitor (platform staff)', params: userParams },
      config: {
        docs: {
          success: {
            status: 201,
            description: '`url` opens the storefront signed in as the visitor; it works once, within a minute',
          },
        },
      },
    },
    async (request, reply) => {
      const { tenantId, id } = request.params as { tenantId: string; id: string };
      if (!(await app.profileStore.get(tenantId, id))) throw new UnknownProfileError(`No user ${JSON.stringify(id)}`);
      const ticket = await app.identity.issueImpersonationTicket(id, {
        email: request.account!.email,
        headers: fetchHeaders(request),
      });
      request.log.info({ staff: request.account!.email, visitor: id, tenantId }, 'impersonation ticket issued');
      // The ticket travels in the fragment: never sent to a server, never in a Referer.
      const domain = (await app.tenantStore.get(tenantId))?.tenant.site.domain;
      return reply.code(201).send({ url: `${storefrontOrigin(request, tenantId, domain)}/#impersonate=${ticket}` });
    },
  );
};

export default users;
