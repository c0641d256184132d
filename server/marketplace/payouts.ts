/**
 * Each house paid on its own account (Stripe Connect, or the built-in test provider's accounts):
 * a house connects from its console (its account opened at the provider once, then the
 * provider's onboarding), the provider's word on whether it can take payments is recorded
 * (read again on the house's return, on the provider's `account.updated` event, and when the
 * console asks), and platform staff set the platform's commission per house.
 *
 * `termsFor` is what a new card hold is made on (server/payments/card-holds.ts): the house's
 * account, and the commission for an order that came through the platform (a production
 * request). Every house but the platform's own tenant must be connected to take a hold; one that
 * is not is refused with words the visitor can act on, never with the provider's refusal.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PayoutAccount, QuoteRequest } from '../../schema/types.generated';
import type { ConnectedAccount, HoldTerms, HoldTermsSource, PaymentProvider } from '../payments';
import type { PayoutAccountStore } from '../stores/payout-account-store';
import type { TenantStore } from '../stores/tenant-store';

/** A house that cannot take card holds yet: said to the visitor, with what to do. */
export class PayoutsNotConnectedError extends Error {
  readonly statusCode = 409;
  readonly code = 'payouts_not_connected';
}

export class UnknownHouseError extends Error {
  readonly statusCode = 404;
  constructor(tenantId: string) {
    super(`No house ${JSON.stringify(tenantId)} on this platform.`);
  }
}

/** A house as platform staff see it beside its payouts. */
export interface HousePayouts extends PayoutAccount {
  name: string;
  isListed: boolean;
}

export interface PayoutsOptions {
  provider: PaymentProvider;
  store: PayoutAccountStore;
  tenantStore: TenantStore;
  platformId: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** A house's record before anything is set: not connected, no commission. */
const fresh = (tenantId: string, at: string): PayoutAccount => ({
  tenantId,
  commissionPercent: 0,
  createdAt: at,
  updatedAt: at,
});

/** Whether the record's account is one this provider keeps and can take payments on. */
export const canTakeHolds = (record: PayoutAccount | undefined, provider: PaymentProvider['kind']) =>
  Boolean(record?.accountId && record.provider === provider && record.chargesEnabled);

export class Payouts implements HoldTermsSource {
  private readonly now: () => Date;

  constructor(private readonly options: PayoutsOptions) {
    this.now = options.now ?? (() => new Date());
  }

  get kind(): PaymentProvider['kind'] {
    return this.options.provider.kind;
  }

  get platformId(): string {
    return this.options.platformId;
  }

  /** The house's record as stored, or a fresh one (nothing connected, no commission). */
  async of(tenantId: string): Promise<PayoutAccount> {
    await this.house(tenantId);
    return (await this.options.store.get(tenantId)) ?? fresh(tenantId, this.now().toISOString());
  }

  async termsFor(request: QuoteRequest): Promise<HoldTerms> {
    if (request.tenantId === this.options.platformId) return {};
    const record = await this.options.store.get(request.tenantId);
    if (!canTakeHolds(record, this.options.provider.kind)) {
      const { name } = await this.house(request.tenantId);
      throw new PayoutsNotConnectedError(
        `${name} cannot take card holds yet: it has not finished connecting the account it is paid on. Your request and its quote are kept: you can authorise your card and accept once it has connected. If your dates are close, tell the house.`,
      );
    }
    const commission =
      request.productionRequest && record!.commissionPercent > 0 ? record!.commissionPercent : undefined;
    return { account: record!.accountId!, ...(commission && { commissionPercent: commission }) };
  }

  /**
   * Opens the house's account at the provider if it has none here (once: the key is the house's,
   * so two servers connecting at once open one), and answers where the house finishes the
   * provider's onboarding.
   */
  async connect(
    tenantId: string,
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<{ url: string; record: PayoutAccount }> {
    const house = await this.house(tenantId);
    const { provider, store } = this.options;
    let record = await store.get(tenantId);
    if (!record?.accountId || record.provider !== provider.kind) {
      const opened = await provider.createAccount({
        tenantId,
        email: house.email,
        country: house.country,
        idempotencyKey: `house-account-${provider.kind}-${tenantId}`,
      });
      record = await store.update(tenantId, (current) => {
        // Another server recorded one first: it stands.
        if (current?.accountId && current.provider === provider.kind) return current;
        return this.withAccount(
          { ...(current ?? fresh(tenantId, this.now().toISOString())), provider: provider.kind, accountId: opened.id },
          opened,
        );
      });
    }
    return { url: await provider.onboardingLink(record.accountId!, urls), record };
  }

  /** The provider's word on the house's account read again and recorded. */
  async refresh(tenantId: string): Promise<PayoutAccount> {
    const record = await this.of(tenantId);
    if (!record.accountId || record.provider !== this.options.provider.kind) return record;
    const account = await this.options.provider.retrieveAccount(record.accountId);
    return this.options.store.update(tenantId, (current) =>
      current?.accountId === account.id ? this.withAccount(current, account) : (current ?? record),
    );
  }

  /** The house's record whose account this is at the provider. */
  byAccount(accountId: string): Promise<PayoutAccount | undefined> {
    return this.options.store.byAccount(accountId);
  }

  /** A provider's event about an account: the house it belongs to read again (an account not ours is left). */
  async onAccountEvent(accountId: string): Promise<PayoutAccount | undefined> {
    const record = await this.options.store.byAccount(accountId);
    return record && this.refresh(record.tenantId);
  }

  /** Platform staff set the platform's commission on the house's orders through the platform (from the next hold on). */
  async setCommission(tenantId: string, commissionPercent: number, by: string): Promise<PayoutAccount> {
    await this.house(tenantId);
    return this.options.store.update(tenantId, (current) => ({
      ...(current ?? fresh(tenantId, this.now().toISOString())),
      commissionPercent,
      commissionSetBy: by,
      updatedAt: this.now().toISOString(),
    }));
  }

  /** Every house (every tenant but the platform) with its payouts, by id. */
  async houses(): Promise<HousePayouts[]> {
    const records = new Map((await this.options.store.list()).map((record) => [record.tenantId, record]));
    const at = this.now().toISOString();
    const houses: HousePayouts[] = [];
    for (const summary of await this.options.tenantStore.list()) {
      if (summary.tenantId === this.options.platformId) continue;
      const stored = await this.options.tenantStore.get(summary.tenantId).catch(() => undefined);
      if (!stored) continue;
      houses.push({
        ...(records.get(summary.tenantId) ?? fresh(summary.tenantId, at)),
        name: stored.tenant.vendor.name,
        isListed: stored.tenant.vendor.isListed !== false,
      });
    }
    return houses;
  }

  /**
   * With the built-in test provider: every house with no account yet is given a test account,
   * onboarded, so the embedded product's houses (and an upgraded data folder's) take test holds
   * from their first start. A house added later connects from its console, as with Stripe.
   */
  async connectEveryHouseForTesting(complete: (accountId: string) => ConnectedAccount): Promise<number> {
    let connected = 0;
    for (const { tenantId } of await this.options.tenantStore.list()) {
      if (tenantId === this.options.platformId || (await this.options.store.get(tenantId))?.accountId) continue;
      try {
        const { record } = await this.connect(tenantId, {
          returnUrl: 'http://127.0.0.1/',
          refreshUrl: 'http://127.0.0.1/',
        });
        const account = complete(record.accountId!);
        await this.options.store.update(tenantId, (current) => this.withAccount(current ?? record, account));
        connected += 1;
      } catch (error) {
        // A house that cannot be read now (its files broken by hand) is left to connect from its console; the others go on.
        this.options.log.warn({ tenantId, reason: (error as Error).message }, 'house not given a test account');
      }
    }
    return connected;
  }

  private withAccount(record: PayoutAccount, account: ConnectedAccount): PayoutAccount {
    const at = this.now().toISOString();
    return {
      ...record,
      chargesEnabled: account.chargesEnabled,
      detailsSubmitted: account.detailsSubmitted,
      due: account.due.slice(0, 100),
      ...(account.chargesEnabled && !record.connectedAt && { connectedAt: at }),
      updatedAt: at,
    };
  }

  /** The house's name, email and country (UnknownHouseError for the platform or no tenant). */
  private async house(tenantId: string): Promise<{ name: string; email: string; country: string }> {
    const stored = tenantId === this.options.platformId ? undefined : await this.options.tenantStore.get(tenantId);
    if (!stored) throw new UnknownHouseError(tenantId);
    const { vendor } = stored.tenant;
    return { name: vendor.name, email: vendor.email, country: vendor.address?.country ?? 'US' };
  }
}
