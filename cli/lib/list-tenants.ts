/** `backlot list`, the logic: one row per tenant, read even when the tenant is invalid. */
import type { CliContext } from '../context';
import type { Targets } from './targets';
import { validateTargets } from './validate-tenants';

export interface TenantRow {
  id: string;
  displayName: string | null;
  domain: string | null;
  /** Categories across all groups (not counting groups or subcategories); null when unreadable. */
  categories: number | null;
  valid: boolean;
  errors: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const field = (value: unknown, key: string) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;

function countCategories(tree: unknown): number | null {
  const groups = field(tree, 'groups');
  if (!Array.isArray(groups)) return null;
  return groups.reduce<number>((sum, group) => {
    const categories = field(group, 'categories');
    return sum + (Array.isArray(categories) ? categories.length : 0);
  }, 0);
}

export async function listTenants(context: CliContext, targets: Targets, onLoaded?: () => void): Promise<TenantRow[]> {
  const report = await validateTargets(context, targets, onLoaded);
  return report.reports.map((tenant) => ({
    id: tenant.tenantId,
    displayName: text(field(tenant.parsed.vendor, 'displayName')),
    domain: text(field(tenant.parsed.site, 'domain')),
    categories: countCategories(tenant.parsed.categories),
    valid: tenant.issues.length === 0,
    errors: tenant.issues.length,
  }));
}
