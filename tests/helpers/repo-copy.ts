/** A temporary copy of the repository (sharing node_modules) for tests that run the real binaries. */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILD_INPUTS } from '../../scripts/build-stamp.mjs';
import { acmeDir, repoRoot } from './paths';

export interface RepoCopy {
  dir: string;
  /** Environment for npm commands run in the copy: npm's cache lives inside it, so nothing is left in ~/.npm. */
  npmEnv: Record<string, string>;
  cleanup(): Promise<void>;
}

export async function copyRepo(): Promise<RepoCopy> {
  const dir = await mkdtemp(path.join(tmpdir(), 'backlot-repo-'));
  // npx installs the package itself into its cache, which runs `prepare` (the build, unless dist/
  // is current), so the copy needs the sources; its build stamp holds for them as for the original.
  for (const entry of [...BUILD_INPUTS.files, ...BUILD_INPUTS.folders, 'tenants', 'dist']) {
    await cp(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
  }
  await symlink(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
  return {
    dir,
    npmEnv: { npm_config_cache: path.join(dir, '.npm-cache'), npm_config_update_notifier: 'false' },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Writes `count` valid tenants t001…tNNN (copies of the small "acme" tenant with their own ids and domains). */
export async function generateTenants(tenantsDir: string, count: number): Promise<string[]> {
  const parts = ['site.json', 'vendor.json', 'categories.json'];
  const texts = await Promise.all(parts.map((name) => readFile(path.join(acmeDir, name), 'utf8')));
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    const id = `t${String(i).padStart(String(count).length, '0')}`;
    const dir = path.join(tenantsDir, id);
    await cp(acmeDir, dir, { recursive: true });
    await Promise.all(
      parts.map((name, p) =>
        writeFile(
          path.join(dir, name),
          texts[p]!.replace('"tenantId": "acme"', `"tenantId": "${id}"`)
            .replace('"id": "acme"', `"id": "${id}"`)
            .replace('www.acme-props.example', `www.${id}-props.example`),
        ),
      ),
    );
    ids.push(id);
  }
  return ids;
}
