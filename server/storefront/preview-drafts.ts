/**
 * Unsaved tenants the console previews: each draft is the tenant as a save would make it,
 * kept in memory under an unguessable token for the account that made it, for ten minutes.
 * Nothing here is stored or shared: a restart forgets every draft (the console makes a new one
 * on its next change). Bounded: an account keeps its last few drafts of a tenant (the console
 * makes one per pause in typing, and frames only the newest), and the oldest go first when full.
 */
import { randomBytes } from 'node:crypto';
import type { Tenant } from '../../schema/types.generated';

export interface PreviewDraft {
  tenantId: string;
  tenant: Tenant;
  accountId: string;
  expiresAt: number;
  /** Filled by the storefront on first render: its configuration and CSP for this draft. */
  built?: unknown;
}

export const PREVIEW_TTL_MS = 10 * 60_000;
/** Drafts kept per account and tenant: the one framed, and the one before while the new one loads. */
const DRAFTS_PER_EDITOR = 2;

export class PreviewDrafts {
  private readonly drafts = new Map<string, PreviewDraft>();

  constructor(
    private readonly max = 500,
    private readonly now = () => Date.now(),
  ) {}

  create(accountId: string, tenantId: string, tenant: Tenant): { token: string; expiresAt: number } {
    const time = this.now();
    const mine = [...this.drafts].filter(([, draft]) => draft.accountId === accountId && draft.tenantId === tenantId);
    for (const [token] of mine.slice(0, Math.max(0, mine.length - DRAFTS_PER_EDITOR + 1))) this.drafts.delete(token);
    for (const [token, draft] of this.drafts) if (draft.expiresAt <= time) this.drafts.delete(token);
    while (this.drafts.size >= this.max) this.drafts.delete(this.drafts.keys().next().value!);
    const token = randomBytes(18).toString('base64url');
    const expiresAt = time + PREVIEW_TTL_MS;
    this.drafts.set(token, { tenantId, tenant, accountId, expiresAt });
    return { token, expiresAt };
  }

  /** The draft, only for the account that made it and only while it lasts. */
  get(token: string, accountId: string | undefined): PreviewDraft | undefined {
    const draft = this.drafts.get(token);
    if (!draft || draft.accountId !== accountId || draft.expiresAt <= this.now()) return undefined;
    return draft;
  }
}
