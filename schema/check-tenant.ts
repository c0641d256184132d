/**
 * Checks tenants given as text: `{site,vendor,categories}.json` of one tenant. Every problem comes
 * back as an Issue located at file:line:col; nothing here throws on bad input. No file system:
 * the server, the console and the tests use it on text; node/loader.ts adds reading folders.
 */
import type { ValidateFunction } from 'ajv';
import { problemsFromAjv } from './ajv-messages';
import { compareIssues, type Issue } from './issue';
import { parseJsonSource } from './json-source';
import {
  checkTenantRulesBesideSchemaErrors,
  findSharedDomains,
  TENANT_PARTS,
  type DomainClaim,
  type TenantPart,
} from './rules';
import type { Catalogue, Tenant } from './types.generated';
import { partValidators, usePrecompiledValidators } from './validator-registry';

export { TENANT_PARTS, type TenantPart };

/** Tenant files are hand-edited config; anything larger is a mistake, not a tenant. */
export const MAX_TENANT_FILE_BYTES = 5 * 1024 * 1024;

export const tenantFileName = (part: TenantPart) => `${part}.json`;

export interface TenantReport {
  tenantId: string;
  /** The file each part was read from, as the caller named it. */
  files: Record<TenantPart, string>;
  /**
   * The parsed tenant, present when its own files have no issues. Issues between tenants
   * (a domain claimed twice) are added to `issues` but leave it in place.
   */
  tenant?: Tenant;
  issues: Issue[];
  /** Each part's JSON value when it parsed, valid or not (for listings and formatting). */
  parsed: Partial<Record<TenantPart, unknown>>;
  /** The folder's sample catalogue (catalogue.json), when it has one (its issues are in `issues`). */
  catalogueFile?: string;
  /** That catalogue, when it has no issues. */
  catalogue?: Catalogue;
  /** Source position of a pointer in one of the parts that parsed (line 1, column 1 otherwise). */
  locate(part: TenantPart, pointer: string): { line: number; column: number };
}

export interface TenantsReport {
  tenants: TenantReport[];
  /** Every issue, including those between tenants (such as a domain claimed twice). */
  issues: Issue[];
}

export { usePrecompiledValidators };

function validatorFor(part: TenantPart): ValidateFunction {
  return partValidators()[part];
}

/** The file's text, or why it could not be read. */
export type SourceText = string | { unreadable: string };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function checkTenantSources(
  tenantId: string,
  sources: Partial<Record<TenantPart, SourceText>>,
  files: Record<TenantPart, string>,
): TenantReport {
  const issues: Issue[] = [];
  const valid: Partial<Tenant> = {};
  const parsedValues: Partial<Record<TenantPart, unknown>> = {};
  const locators: Partial<
    Record<TenantPart, (pointer: string, at?: 'key' | 'value') => { line: number; column: number }>
  > = {};

  for (const part of TENANT_PARTS) {
    const file = files[part];
    const source = sources[part];
    if (source === undefined) {
      issues.push({
        file,
        line: 1,
        column: 1,
        pointer: '',
        message: `missing file: a tenant folder holds ${TENANT_PARTS.map(tenantFileName).join(', ')}`,
        rule: 'missing-file',
      });
      continue;
    }
    if (typeof source !== 'string') {
      issues.push({ file, line: 1, column: 1, pointer: '', message: source.unreadable, rule: 'unreadable-file' });
      continue;
    }
    const parsed = parseJsonSource(source);
    if (!parsed.ok) {
      issues.push({
        file,
        ...parsed.position,
        pointer: '',
        message: parsed.problem.message,
        rule: parsed.problem.rule ?? 'json-syntax',
      });
      continue;
    }
    locators[part] = parsed.locate;
    parsedValues[part] = parsed.value;
    for (const pointer of parsed.duplicateKeys) {
      issues.push({
        file,
        ...parsed.locate(pointer, 'key'),
        pointer,
        message: 'duplicate key: JSON keeps only the last one, so the earlier value is silently lost',
        rule: 'duplicate-key',
      });
    }
    const validate = validatorFor(part);
    if (validate(parsed.value)) {
      if (parsed.duplicateKeys.length === 0) (valid as Record<TenantPart, unknown>)[part] = parsed.value;
    } else {
      for (const problem of problemsFromAjv(validate.errors)) {
        issues.push({
          file,
          ...parsed.locate(problem.pointer, problem.at),
          pointer: problem.pointer,
          message: problem.message,
          rule: problem.rule,
        });
      }
    }
  }

  // The rules run in the same pass, on files that failed the schema too (as far as their shape
  // lets a rule read them), so a dangling link is reported beside a bad colour, not after it is
  // fixed. A finding at or under a place the schema already refused says nothing new: left out.
  const schemaPointers = issues
    .filter((issue) => issue.pointer !== '')
    .map((issue) => ({ file: issue.file, pointer: issue.pointer }));
  const within = (pointer: string, outer: string) => pointer === outer || pointer.startsWith(`${outer}/`);
  const readable = { ...parsedValues, ...valid } as Partial<Tenant>;
  for (const part of TENANT_PARTS) if (!isPlainObject(readable[part])) delete readable[part];
  for (const finding of checkTenantRulesBesideSchemaErrors(valid, readable, { tenantId })) {
    const file = files[finding.part];
    if (
      schemaPointers.some(
        (refused) =>
          refused.file === file &&
          (within(finding.pointer, refused.pointer) || within(refused.pointer, finding.pointer)),
      )
    )
      continue;
    const locate = locators[finding.part]!;
    issues.push({
      file,
      ...locate(finding.pointer),
      pointer: finding.pointer,
      message: finding.message,
      rule: finding.rule,
    });
  }

  issues.sort(compareIssues);
  const complete = TENANT_PARTS.every((part) => valid[part] !== undefined);
  const locate = (part: TenantPart, pointer: string) => locators[part]?.(pointer) ?? { line: 1, column: 1 };
  return {
    tenantId,
    files,
    issues,
    parsed: parsedValues,
    locate,
    ...(complete && issues.length === 0 ? { tenant: valid as Tenant } : {}),
  };
}

/**
 * Rules between tenants, over reports already made: a domain may belong to one tenant only.
 * `otherClaims` are domains of tenants not being checked (when one folder is validated
 * against the rest); clashes are reported on the checked tenants only.
 */
export function checkAcrossTenants(
  reports: readonly TenantReport[],
  otherClaims: readonly DomainClaim[] = [],
): Issue[] {
  const checked = new Map(reports.map((report) => [report.tenantId, report]));
  const claims = [
    ...reports.flatMap((report) => {
      const domain = report.tenant?.site.domain;
      return domain ? [{ tenantId: report.tenantId, domain }] : [];
    }),
    ...otherClaims.filter((claim) => !checked.has(claim.tenantId)),
  ];
  return findSharedDomains(claims).flatMap((clash) => {
    const report = checked.get(clash.tenantId);
    if (!report) return [];
    const others = clash.sharedWith.map((id) => JSON.stringify(id)).join(', ');
    return [
      {
        file: report.files.site,
        ...report.locate('site', '/domain'),
        pointer: '/domain',
        message: `domain ${JSON.stringify(clash.domain)} is also used by tenant ${others}; each domain serves one tenant`,
        rule: 'unique-domain',
      },
    ];
  });
}

/** Adds issues between tenants to the reports they concern. */
export function withCrossTenantIssues(
  tenants: TenantReport[],
  otherClaims: readonly DomainClaim[] = [],
): TenantsReport {
  for (const issue of checkAcrossTenants(tenants, otherClaims))
    tenants.find((t) => t.files.site === issue.file)?.issues.push(issue);
  return { tenants, issues: tenants.flatMap((t) => t.issues) };
}
