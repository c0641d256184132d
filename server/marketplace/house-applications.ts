/**
 * A house signs up and is live the same hour (Medusa-style workflow: each step checked first,
 * claimed atomically, undone if a later step fails):
 * 1. apply: the house's name (its tenant id is made from it), domain and admin email are checked
 *    free first (a house already on the platform, a pending application, an email with an account),
 *    then stored and acknowledged by mail.
 * 2. approve (platform staff): the application is claimed (pending → approved: two staff at once,
 *    one approval), the tenant is made as `backlot new --from platform` makes one (the platform's
 *    categories, so its items sit in the platform's tree) with the house's address, location,
 *    money, clock and tax, unlisted until its stock is in; in whichever store the server uses. If
 *    that fails the claim is undone. The admin is mailed a one-time link (its SHA-256 kept, never
 *    the link) to the console.
 * 3. welcome: the link and a password make the house's console account (tenant-admin of the new
 *    tenant) and sign it in; the console opens on Items → Import.
 * refuse (platform staff): the house is told why.
 */
import { createHash, randomBytes } from 'node:crypto';
import { buildTenant } from '../../schema/node/scaffold';
import { slugify } from '../../schema/slugify';
import type { HouseApplication, HouseApplicationInput, Tenant } from '../../schema/types.generated';
import type { Accounts } from '../auth/accounts';
import type { Mailer } from '../mail/mailer';
import { houseApplicationMessage, houseApprovedMessage, houseRefusedMessage, type MailContent } from '../mail/messages';
import { sendTenantMail } from '../mail/tenant-mail';
import type { StorefrontConfiguration } from '../../schema/configuration/configuration';
import { FieldProblemsError } from '../stores/field-problems';
import type { HouseApplicationStore } from '../stores/house-application-store';
import type { TenantStore } from '../stores/tenant-store';

export const WELCOME_LINK_DAYS = 7;
const DAY_MS = 86_400_000;

export class AlreadyDecidedError extends Error {
  readonly statusCode = 409;
  constructor(state: HouseApplication['state']) {
    super(state === 'approved' ? 'This house was approved already.' : 'This house was refused already.');
  }
}

export class WelcomeLinkError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
  }
}

export interface HouseApplicationDeps {
  store: HouseApplicationStore;
  tenantStore: TenantStore;
  accounts: Pick<Accounts, 'emailTaken' | 'add'>;
  mailer: Mailer;
  /** The platform's tenant id: its mails go in the platform's name. */
  platformId: string;
}

/** The locale a house in `country` (ISO 3166 alpha-2) writes in: English, as that country writes it. */
const localeOf = (country: string) => {
  try {
    return new Intl.Locale('en', { region: country.toUpperCase() }).toString();
  } catch {
    return 'en';
  }
};

/** The weight unit a house in `country` trades in: pounds where the country still weighs in them (the US, Liberia, Myanmar), else kilograms. */
const weightUnitOf = (country: string): 'lb' | 'kg' =>
  ['US', 'LR', 'MM'].includes(country.toUpperCase()) ? 'lb' : 'kg';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export class HouseApplications {
  constructor(private readonly deps: HouseApplicationDeps) {}

  list(state?: HouseApplication['state']): Promise<HouseApplication[]> {
    return this.deps.store.list(state);
  }

  get(id: string): Promise<HouseApplication | undefined> {
    return this.deps.store.get(id);
  }

  /** Stores a house's application once its name, domain and admin's email are free; refused by field otherwise. */
  async apply(input: HouseApplicationInput, now: Date): Promise<HouseApplication> {
    const { store, tenantStore, accounts, platformId } = this.deps;
    const slug = slugify(input.name, 40).replace(/^-+|-+$/g, '');
    const email = input.adminEmail.trim().toLowerCase();
    const problems: Array<{ pointer: string; message: string }> = [];
    const pending = await store.list('pending');
    if (slug.length < 2 || slug === platformId)
      problems.push({ pointer: '/name', message: 'needs at least two letters or digits' });
    else if (tenantStore.has(slug) || pending.some((application) => application.tenantId === slug))
      problems.push({
        pointer: '/name',
        message:
          'is already a house on the platform, or waiting to be: add your town or trade to it (Peachtree Props Atlanta)',
      });
    // A closed house's id is never given again: the name may be free, the id is not.
    const tenantId = problems.length ? slug : await this.unusedId(slug, pending);
    if (
      input.domain &&
      (tenantStore.tenantForDomain(input.domain) || pending.some((application) => application.domain === input.domain))
    )
      problems.push({ pointer: '/domain', message: 'already serves another house' });
    if ((await accounts.emailTaken(email)) || pending.some((application) => application.adminEmail === email))
      problems.push({
        pointer: '/adminEmail',
        message:
          'already has an account on the platform (a production’s login, perhaps): the house’s console needs an address of its own',
      });
    if (problems.length)
      throw new FieldProblemsError(
        problems,
        `Not sent: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix`,
      );
    const at = now.toISOString();
    const application: HouseApplication = {
      id: randomBytes(12).toString('base64url'),
      tenantId,
      name: input.name.trim(),
      ...(input.domain && { domain: input.domain.toLowerCase() }),
      address: input.address,
      ...(input.location && { location: input.location }),
      currency: input.currency,
      timezone: input.timezone,
      taxRatePercent: input.taxRatePercent ?? 0,
      ...(input.taxName && { taxName: input.taxName }),
      adminEmail: email,
      state: 'pending',
      createdAt: at,
      updatedAt: at,
    };
    await store.create(application);
    await this.mail(email, (configuration) => houseApplicationMessage(configuration, application.name));
    return application;
  }

  /** `slug`, or `slug-2`, `slug-3` …: the first that no tenant has or ever had, and no application waits for. */
  private async unusedId(slug: string, pending: readonly HouseApplication[]): Promise<string> {
    const waiting = new Set(pending.map((application) => application.tenantId));
    for (let round = 1; ; round += 1) {
      const suffix = round === 1 ? '' : `-${round}`;
      const candidate = `${slug.slice(0, 40 - suffix.length).replace(/-+$/, '')}${suffix}`;
      if (!waiting.has(candidate) && !(await this.deps.tenantStore.everUsed(candidate))) return candidate;
    }
  }

  /**
   * Approves a pending application: the tenant made in the server's store, the admin mailed the
   * console link at `consoleOrigin`. Answers the application and the link (the console shows it to
   * staff too, for a mail that did not arrive).
   */
  async approve(
    id: string,
    staffEmail: string,
    consoleOrigin: string,
    now: Date,
  ): Promise<{ application: HouseApplication; link: string }> {
    const { store, tenantStore, platformId } = this.deps;
    const token = randomBytes(24).toString('base64url');
    const at = now.toISOString();
    const claimed = await store.update(id, (current) => {
      if (current.state !== 'pending') throw new AlreadyDecidedError(current.state);
      return {
        ...current,
        state: 'approved',
        decidedBy: staffEmail,
        welcomeToken: {
          hash: hashOf(token),
          expiresAt: new Date(now.getTime() + WELCOME_LINK_DAYS * DAY_MS).toISOString(),
        },
        updatedAt: at,
      };
    });
    try {
      const platform = await tenantStore.get(platformId);
      const domain =
        claimed.domain ??
        `${claimed.tenantId}.${platform?.tenant.site.domain.replace(/^www\./, '') ?? 'backlot.example'}`;
      const tenant: Tenant = buildTenant(
        {
          tenantId: claimed.tenantId,
          name: claimed.name,
          domain,
          email: claimed.adminEmail,
          currency: claimed.currency,
          timezone: claimed.timezone,
          taxRatePercent: claimed.taxRatePercent,
          ...(claimed.taxName && { taxName: claimed.taxName }),
          // Dates, money and numbers written as the house's country writes them (en-GB: 8 Dec 2026).
          locale: localeOf(claimed.address.country),
        },
        platform?.tenant,
      );
      // Visitors whose whereabouts are unknown are measured from the house itself, not from the platform's default.
      if (claimed.location)
        tenant.site = {
          ...tenant.site,
          defaultLocation: { name: claimed.address.city, lat: claimed.location.lat, lng: claimed.location.lng },
        };
      // Its items weighed as its country weighs them (a British house in kilograms).
      tenant.site = { ...tenant.site, weightUnit: weightUnitOf(claimed.address.country) };
      tenant.vendor = {
        ...tenant.vendor,
        address: claimed.address,
        ...(claimed.location && { _geoloc: claimed.location }),
        isListed: false,
      };
      await tenantStore.create(claimed.tenantId, tenant, staffEmail);
    } catch (error) {
      // Undo the claim: the application waits again, and staff read why in the answer.
      await store.update(id, ({ decidedBy: _by, welcomeToken: _token, ...current }) => ({
        ...current,
        state: 'pending',
        updatedAt: new Date().toISOString(),
      }));
      throw error;
    }
    const link = `${consoleOrigin}/admin/#/welcome/${encodeURIComponent(token)}`;
    await this.mail(claimed.adminEmail, (configuration) =>
      houseApprovedMessage(configuration, claimed.name, link, WELCOME_LINK_DAYS),
    );
    return { application: claimed, link };
  }

  async refuse(id: string, staffEmail: string, reason: string, now: Date): Promise<HouseApplication> {
    const refused = await this.deps.store.update(id, (current) => {
      if (current.state !== 'pending') throw new AlreadyDecidedError(current.state);
      return { ...current, state: 'refused', reason, decidedBy: staffEmail, updatedAt: now.toISOString() };
    });
    await this.mail(refused.adminEmail, (configuration) => houseRefusedMessage(configuration, refused.name, reason));
    return refused;
  }

  /** The welcome link and a password: the house's console account, made once. Answers its email and tenant. */
  async welcome(token: string, password: string, now: Date): Promise<{ email: string; tenantId: string }> {
    const hash = hashOf(token);
    const application = (await this.deps.store.list('approved')).find(
      (candidate) => candidate.welcomeToken?.hash === hash,
    );
    if (!application?.welcomeToken)
      throw new WelcomeLinkError('This link does not open any console: ask platform staff for a new one.');
    if (application.welcomeToken.usedAt)
      throw new WelcomeLinkError('This link was used already: log in with your email and password.');
    if (Date.parse(application.welcomeToken.expiresAt) < now.getTime())
      throw new WelcomeLinkError('This link has expired: ask platform staff for a new one.');
    // Claimed first: two tabs following the link at once make one account.
    await this.deps.store.update(application.id, (current) => {
      if (current.welcomeToken?.usedAt)
        throw new WelcomeLinkError('This link was used already: log in with your email and password.');
      return {
        ...current,
        welcomeToken: { ...current.welcomeToken!, usedAt: now.toISOString() },
        updatedAt: now.toISOString(),
      };
    });
    try {
      await this.deps.accounts.add({
        email: application.adminEmail,
        password,
        role: 'tenant-admin',
        tenants: [application.tenantId],
        name: application.name,
      });
    } catch (error) {
      await this.deps.store.update(application.id, (current) => ({
        ...current,
        welcomeToken: { hash: current.welcomeToken!.hash, expiresAt: current.welcomeToken!.expiresAt },
        updatedAt: new Date().toISOString(),
      }));
      throw error;
    }
    return { email: application.adminEmail, tenantId: application.tenantId };
  }

  /** A mail that could not be sent does not undo the step: it is logged by the mailer's caller. */
  private mail(to: string, content: (configuration: StorefrontConfiguration) => MailContent): Promise<void> {
    return sendTenantMail(this.deps, this.deps.platformId, to, content);
  }
}
