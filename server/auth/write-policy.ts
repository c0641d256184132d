/**
 * Changes only platform staff may make, checked on every write path (the whole-tenant PUT and
 * each sub-resource) against the tenant as it was and as it would be.
 *
 * The domain decides which tenant every request for that host reaches, so changing it is a
 * platform decision (hosted platforms verify a domain before they route it), not a tenant's.
 */
import type { Issue } from '../../schema/issue';
import type { Tenant } from '../../schema/types.generated';
import type { Account } from './accounts';

/** A change the account may not make; nothing was written. Issues name the fields. */
export class ForbiddenChangeError extends Error {
  readonly statusCode = 403;
  constructor(readonly issues: Issue[]) {
    super(issues.map((issue) => issue.message).join('; '));
  }
}

export function assertMayChange(account: Account, before: Tenant, after: Tenant): void {
  if (account.role === 'platform-staff') return;
  if (after.site?.domain !== before.site.domain) {
    throw new ForbiddenChangeError([
      {
        file: 'site',
        line: 1,
        column: 1,
        pointer: '/domain',
        message: 'only platform staff may change the domain: it decides which tenant every request for it reaches',
        rule: 'platform-only',
      },
    ]);
  }
}
