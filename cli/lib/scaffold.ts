/**
 * `backlot new`, the logic: builds a new tenant's three files from the template (or from the
 * structure of an existing tenant), in canonical form, and checks them before anything is written.
 */
import path from 'node:path';
import type { Issue } from '../../schema/issue';
import {
  checkAcrossTenants,
  checkTenantSources,
  listTenantDirs,
  loadTenant,
  readDomainClaims,
  TENANT_PARTS,
  tenantFileName,
  type TenantPart,
} from '../../schema/node/loader';
import { buildTenant, type NewTenantRequest } from '../../schema/node/scaffold';
import { renderTenant } from '../../schema/tenant-files';
import { CommandFailure } from '../context';
import { schemaPathFrom } from '../../schema/node/package-root';

export interface ScaffoldRequest extends NewTenantRequest {
  /** Copy the structure of this existing tenant instead of the template. */
  from?: string;
}

export interface ScaffoldPlan {
  dir: string;
  /** File name → canonical text. */
  files: Record<string, string>;
}

async function sourceTenant(tenantsDir: string, from: string) {
  const report = await loadTenant(path.join(tenantsDir, from));
  if (report.issues.some((issue) => issue.rule === 'missing-file') && !report.parsed.site && !report.parsed.vendor) {
    throw new CommandFailure(`--from ${from}: there is no tenant "${from}" in ${tenantsDir}`);
  }
  if (!report.tenant) {
    throw new CommandFailure(
      `--from ${from}: that tenant has ${report.issues.length} problem(s); run backlot validate ${path.join(tenantsDir, from)} and fix them first`,
    );
  }
  return report.tenant;
}

export async function planTenant(tenantsDir: string, request: ScaffoldRequest): Promise<ScaffoldPlan> {
  const dir = path.join(tenantsDir, request.tenantId);
  const tenant = buildTenant(request, request.from ? await sourceTenant(tenantsDir, request.from) : undefined);
  const texts = renderTenant(tenant, Object.fromEntries(TENANT_PARTS.map((part) => [part, schemaPathFrom(dir, part)])));
  return { dir, files: Object.fromEntries(TENANT_PARTS.map((part) => [tenantFileName(part), texts[part]])) };
}

/** Everything wrong with a plan: schema and rules, and a domain already used by another tenant. */
export async function checkPlan(tenantsDir: string, request: ScaffoldRequest, plan: ScaffoldPlan): Promise<Issue[]> {
  const paths = Object.fromEntries(
    TENANT_PARTS.map((part) => [part, path.join(plan.dir, tenantFileName(part))]),
  ) as Record<TenantPart, string>;
  const sources = Object.fromEntries(TENANT_PARTS.map((part) => [part, plan.files[tenantFileName(part)]!]));
  const report = checkTenantSources(request.tenantId, sources, paths);
  const others = await listTenantDirs(tenantsDir).catch(() => [] as string[]);
  return [...report.issues, ...checkAcrossTenants([report], await readDomainClaims(others))];
}
