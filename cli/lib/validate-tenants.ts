/** `backlot validate`, the logic: check the chosen tenants and return a report; printing is elsewhere. */
import path from 'node:path';
import type { Issue } from '../../schema/issue';
import {
  listTenantDirs,
  loadTenantDirs,
  readDomainClaims,
  withCrossTenantIssues,
  type TenantReport,
} from '../../schema/node/loader';
import { tenantsDirOf, type CliContext } from '../context';
import type { Targets } from './targets';

export interface TenantStatus {
  tenantId: string;
  dir: string;
  valid: boolean;
  errors: number;
}

export interface ValidationReport {
  ok: boolean;
  summary: { tenants: number; invalidTenants: number; errors: number };
  tenants: TenantStatus[];
  issues: Issue[];
  /** The full per-tenant reports, for commands that need more than the issues (list). */
  reports: TenantReport[];
}

/** Domains claimed by tenants in the tenants folder that are not being validated now. */
async function claimsOfOtherTenants(context: CliContext, validated: readonly string[]) {
  const others = await listTenantDirs(tenantsDirOf(context)).catch(() => [] as string[]);
  const skip = new Set(validated.map((dir) => path.resolve(dir)));
  return readDomainClaims(others.filter((dir) => !skip.has(path.resolve(dir))));
}

export async function validateTargets(
  context: CliContext,
  targets: Targets,
  onLoaded?: () => void,
): Promise<ValidationReport> {
  const reports = await loadTenantDirs(targets.tenantDirs, onLoaded);
  const otherClaims = targets.everyTenant ? [] : await claimsOfOtherTenants(context, targets.tenantDirs);
  withCrossTenantIssues(reports, otherClaims);
  const tenants = reports.map((report, i) => {
    const only = targets.onlyFiles.get(targets.tenantDirs[i]!);
    if (only) report.issues = report.issues.filter((issue) => only.has(issue.file));
    return {
      tenantId: report.tenantId,
      dir: targets.tenantDirs[i]!,
      valid: report.issues.length === 0,
      errors: report.issues.length,
    };
  });
  const issues = reports.flatMap((report) => report.issues);
  const invalidTenants = tenants.filter((t) => !t.valid).length;
  return {
    ok: invalidTenants === 0,
    summary: { tenants: tenants.length, invalidTenants, errors: issues.length },
    tenants,
    issues,
    reports,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function summaryLine(summary: ValidationReport['summary']): string {
  const errors = plural(summary.errors, 'error');
  if (summary.invalidTenants === 0) return `${plural(summary.tenants, 'tenant')}, ${errors}`;
  return `${summary.invalidTenants} of ${plural(summary.tenants, 'tenant')} invalid, ${errors}`;
}
