/** The CI workflow and the editor settings shipped for tenant authors point at things that exist. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { TENANT_PARTS } from '../../../schema/rules';
import { repoRoot } from '../../helpers/paths';
import { backlot } from '../../helpers/cli';

describe('.github/workflows/tenants.yml', () => {
  it('runs on tenant and schema changes, and runs backlot commands that exist', async () => {
    const workflow = parseYaml(await readFile(path.join(repoRoot, '.github/workflows/tenants.yml'), 'utf8'));
    expect(workflow.on.pull_request.paths).toEqual(expect.arrayContaining(['tenants/**', 'schema/**']));
    const commands: string[] = workflow.jobs.validate.steps.flatMap((step: { run?: string }) =>
      step.run ? [step.run] : [],
    );
    const backlotCommands = commands.filter((command) => command.includes('backlot'));
    expect(backlotCommands).toEqual([
      'npx --no-install backlot fmt --check',
      'npx --no-install backlot validate --format github',
    ]);
    for (const command of backlotCommands) {
      const args = command.replace('npx --no-install backlot ', '').split(' ');
      // The same commands on the shipped tenants: accepted, and passing.
      expect(await backlot(args), command).toMatchObject({ code: 0 });
    }
  });
});

describe('.vscode/settings.json', () => {
  it('maps each tenant part to its schema, which exists', async () => {
    const settings = parseJsonc(await readFile(path.join(repoRoot, '.vscode/settings.json'), 'utf8')) as {
      'json.schemas': Array<{ fileMatch: string[]; url: string }>;
    };
    const mapped = settings['json.schemas'];
    for (const part of TENANT_PARTS) {
      const entry = mapped.find((m) => m.fileMatch.includes(`/tenants/*/${part}.json`));
      expect(entry, part).toBeDefined();
      expect(entry!.url).toBe(`./schema/${part}.schema.json`);
      expect(existsSync(path.join(repoRoot, entry!.url))).toBe(true);
    }
  });
});
