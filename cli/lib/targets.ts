/**
 * Turns the paths given on the command line into tenant folders (and, for single files, which
 * files to report on). A path may be a tenant folder, one tenant file (its catalogue.json
 * included), or a folder of tenants.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { CATALOGUE_FILE_NAME } from '../../schema/check-catalogue';
import { listTenantDirs, TENANT_PARTS, tenantFileName, type TenantPart } from '../../schema/node/loader';
import { displayPath, tenantsDirOf, UsageError, type CliContext } from '../context';

export interface Targets {
  /** Tenant folders to check, in order, without repeats. */
  tenantDirs: string[];
  /** For tenants named by single files: only these files are reported. Absent: every file. */
  onlyFiles: Map<string, Set<string>>;
  /** True when the whole tenants folder was chosen (no paths given). */
  everyTenant: boolean;
}

const partOfFileName = new Map(TENANT_PARTS.map((part) => [tenantFileName(part), part] as const));

export function partOfFile(file: string): TenantPart | undefined {
  return partOfFileName.get(path.basename(file));
}

async function statOrExplain(context: CliContext, target: string) {
  try {
    return await stat(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const shown = displayPath(context, target);
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new UsageError(`${shown}: no such file or folder`);
    if (code === 'ELOOP') throw new UsageError(`${shown}: symbolic link loop`);
    if (code === 'EACCES' || code === 'EPERM') throw new UsageError(`${shown}: permission denied`);
    throw new UsageError(`${shown}: cannot read (${code ?? (error as Error).message})`);
  }
}

async function isTenantFolder(dir: string): Promise<boolean> {
  const names = new Set(await readdir(dir).catch(() => [] as string[]));
  return TENANT_PARTS.some((part) => names.has(tenantFileName(part)));
}

export async function resolveTargets(context: CliContext, paths: readonly string[]): Promise<Targets> {
  if (paths.length === 0) {
    const root = tenantsDirOf(context);
    const info = await statOrExplain(context, root).catch(() => {
      throw new UsageError(
        `${displayPath(context, root)}: no tenants folder here (run from the repository root, or set BACKLOT_TENANTS_DIR)`,
      );
    });
    if (!info.isDirectory()) throw new UsageError(`${displayPath(context, root)} is not a folder`);
    return { tenantDirs: await listTenantDirs(root), onlyFiles: new Map(), everyTenant: true };
  }
  const tenantDirs: string[] = [];
  const onlyFiles = new Map<string, Set<string>>();
  const wholeTenants = new Set<string>();
  for (const given of paths) {
    const target = path.resolve(context.cwd, given);
    const info = await statOrExplain(context, target);
    if (info.isFile()) {
      if (!partOfFile(target) && path.basename(target) !== CATALOGUE_FILE_NAME) {
        throw new UsageError(
          `${displayPath(context, target)} is not a tenant file (expected ${[...TENANT_PARTS.map(tenantFileName), CATALOGUE_FILE_NAME].join(', ')})`,
        );
      }
      const dir = path.dirname(target);
      if (!tenantDirs.includes(dir)) tenantDirs.push(dir);
      if (!wholeTenants.has(dir)) onlyFiles.set(dir, (onlyFiles.get(dir) ?? new Set()).add(target));
    } else if (info.isDirectory()) {
      const dirs = (await isTenantFolder(target)) ? [target] : await tenantsInside(target);
      if (dirs.length === 0) {
        throw new UsageError(
          `${displayPath(context, target)} is not a tenant folder: it holds none of ${TENANT_PARTS.map(tenantFileName).join(', ')}`,
        );
      }
      for (const dir of dirs) {
        if (!tenantDirs.includes(dir)) tenantDirs.push(dir);
        wholeTenants.add(dir);
        onlyFiles.delete(dir);
      }
    } else {
      throw new UsageError(`${displayPath(context, target)} is neither a file nor a folder`);
    }
  }
  return { tenantDirs, onlyFiles, everyTenant: false };
}

/** The tenant folders directly inside a folder of tenants (such as tenants/ itself). */
async function tenantsInside(dir: string): Promise<string[]> {
  const children = await listTenantDirs(dir);
  const flags = await Promise.all(children.map(isTenantFolder));
  return children.filter((_, i) => flags[i]);
}
