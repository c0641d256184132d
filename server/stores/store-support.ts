/** What both store adapters keep in memory the same way: the domain index and per-tenant locks. */
import type { Issue } from '../../schema/issue';
import type { Tenant } from '../../schema/types.generated';
import { TenantInvalidError, type TenantRecord } from './tenant-store';

/** domain → tenant and back, for constant-time host lookups. The first tenant to claim a domain keeps it. */
export class DomainIndex {
  private readonly byDomain = new Map<string, string>();
  private readonly byTenant = new Map<string, string>();

  /** Sets (or, with undefined, removes) the domain a tenant serves. */
  set(tenantId: string, domain: string | undefined): void {
    const previous = this.byTenant.get(tenantId);
    if (previous !== undefined && this.byDomain.get(previous) === tenantId) this.byDomain.delete(previous);
    this.byTenant.delete(tenantId);
    if (domain === undefined) return;
    const key = domain.toLowerCase();
    this.byTenant.set(tenantId, key);
    if (!this.byDomain.has(key)) this.byDomain.set(key, tenantId);
  }

  tenantFor(domain: string): string | undefined {
    return this.byDomain.get(domain.toLowerCase());
  }

  domainOf(tenantId: string): string | undefined {
    return this.byTenant.get(tenantId);
  }
}

/** Serialises work per key: writes to one tenant never interleave, and each sees the previous one's result. */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, settled);
    void settled.then(() => {
      if (this.tails.get(key) === settled) this.tails.delete(key);
    });
    return next;
  }

  /** Resolves when all work started so far has finished. */
  async idle(): Promise<void> {
    await Promise.all(this.tails.values());
  }
}

/** A stored tenant as an adapter reads it: its version always, the tenant only when valid. */
export interface LoadedTenant {
  version: string;
  /** The stored texts by part, when the adapter has them (to show an invalid tenant's problem lines). */
  texts?: Partial<Record<string, string>>;
  tenant?: Tenant;
  issues: Issue[];
}

/**
 * What both adapters share: the in-memory index of ids and domains (so host lookups never
 * touch storage), per-tenant write locks, and reads that refuse an invalid stored tenant.
 */
export abstract class IndexedTenantStore {
  protected readonly domains = new DomainIndex();
  protected readonly ids = new Set<string>();
  protected readonly locks = new KeyedLock();
  private readonly changeListeners = new Set<(tenantId: string) => void>();

  /** Hears each tenant written through this store, or (Firestore) by another server: its id. */
  subscribe(listener: (tenantId: string) => void): () => void {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  }

  /** Tells the subscribers a tenant changed; a listener's failure is its own. */
  protected announce(tenantId: string): void {
    for (const listener of this.changeListeners)
      try {
        listener(tenantId);
      } catch {
        // A subscriber's own problem: the write stands.
      }
  }

  /** Reads a tenant (undefined when there is none), keeping `ids` and `domains` current. */
  protected abstract load(tenantId: string): Promise<LoadedTenant | undefined>;

  async get(tenantId: string): Promise<TenantRecord | undefined> {
    const loaded = await this.load(tenantId);
    if (!loaded) return undefined;
    if (!loaded.tenant) throw new TenantInvalidError(tenantId, loaded.issues, loaded.version, loaded.texts);
    return { tenantId, version: loaded.version, tenant: loaded.tenant };
  }

  tenantForDomain(domain: string): string | undefined {
    return this.domains.tenantFor(domain);
  }

  has(tenantId: string): boolean {
    return this.ids.has(tenantId);
  }
}
