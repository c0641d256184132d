/** `backlot validate --format github|sarif`: what CI systems read, checked against their own rules. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { githubAnnotations } from '../../../cli/lib/report-formats';
import { repoRoot, tscBin } from '../../helpers/paths';
import { useScratchTenants } from '../../helpers/cli';

const scratch = useScratchTenants('acme', 'aviation');
const run = promisify(execFile);

async function breakAcme() {
  const site = path.join(scratch.cwd, 'tenants/acme/site.json');
  await writeFile(site, (await readFile(site, 'utf8')).replace('"appTitle": "Acme Props"', '"apTitle": "Acme Props"'));
  const vendor = path.join(scratch.cwd, 'tenants/acme/vendor.json');
  await writeFile(
    vendor,
    (await readFile(vendor, 'utf8')).replace('"timezone": "America/Los_Angeles"', '"timezone": "Mars/Olympus"'),
  );
}

describe('--format github', () => {
  it('prints one ::error annotation per problem, on its file, line and column, and nothing else on stdout', async () => {
    await breakAcme();
    const result = await scratch.run(['validate', '--format', 'github']);
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines).toContain(
      '::error file=tenants/acme/site.json,line=7,col=3,title=backlot schema/unknown-key::/apTitle unknown key "apTitle"; did you mean `appTitle`?',
    );
    expect(lines.every((line) => line.startsWith('::error file=tenants/acme/'))).toBe(true);
    expect(result.stderr).toBe('1 of 2 tenants invalid, 3 errors\n');
  });

  it('escapes what would end or split a workflow command', () => {
    const text = githubAnnotations([
      { file: 'a,b:c.json', line: 1, column: 2, pointer: '/x', message: '100% wrong\nsecond line\r', rule: 'r' },
    ]);
    expect(text).toBe('::error file=a%2Cb%3Ac.json,line=1,col=2,title=backlot r::/x 100%25 wrong%0Asecond line%0D\n');
  });

  it('prints nothing on stdout when every tenant is valid', async () => {
    expect(await scratch.run(['validate', '--format', 'github'])).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '2 tenants, 0 errors\n',
    });
  });
});

describe('--format sarif', () => {
  it('writes a SARIF 2.1.0 log that type-checks against the SARIF object model, with rules and regions', async () => {
    await breakAcme();
    const result = await scratch.run(['validate', '--format', 'sarif']);
    expect(result.code).toBe(1);
    const log = JSON.parse(result.stdout);
    expect(log).toMatchObject({ version: '2.1.0', $schema: expect.stringContaining('sarif-2.1.0') });
    const [runEntry] = log.runs;
    expect(runEntry.tool.driver).toMatchObject({ name: 'backlot', version: expect.any(String) });
    expect(runEntry.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual([
      'schema/format',
      'schema/required',
      'schema/unknown-key',
    ]);
    expect(runEntry.results).toHaveLength(3);
    expect(runEntry.results).toContainEqual(
      expect.objectContaining({
        ruleId: 'schema/unknown-key',
        level: 'error',
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'tenants/acme/site.json' },
              region: { startLine: 7, startColumn: 3 },
            },
          },
        ],
      }),
    );
    for (const result of runEntry.results) expect(runEntry.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
    // The official JSON Schema is not on the npm registry; @types/sarif is the SARIF 2.1.0 object
    // model generated from it, so the log is checked against it with the real tsc.
    const dir = await mkdtemp(path.join(tmpdir(), 'backlot-sarif-'));
    try {
      const file = path.join(dir, 'log.ts');
      await writeFile(file, `import type { Log } from 'sarif';\nexport const log: Log = ${result.stdout};\n`);
      const typeRoots = path.join(repoRoot, 'node_modules/@types');
      const args = [
        '--ignoreConfig',
        '--noEmit',
        '--strict',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        '--typeRoots',
        typeRoots,
        '--types',
        'sarif',
        file,
      ];
      await expect(run(tscBin, args)).resolves.toBeTruthy();
      await writeFile(
        file,
        `import type { Log } from 'sarif';\nexport const log: Log = ${result.stdout.replace('"level": "error"', '"level": "fatal"')};\n`,
      );
      await expect(run(tscBin, args)).rejects.toMatchObject({ stdout: expect.stringContaining('"fatal"') });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown format as a usage error (exit 2)', async () => {
    const result = await scratch.run(['validate', '--format', 'xml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Allowed choices are text, json, github, sarif');
  });
});
