/**
 * The real CLI binary (the bundle `npm install` builds) in a temporary copy of the repository: run
 * once as `npx backlot` (npm finding the bin) and otherwise as the bin itself. Exit codes, JSON
 * output, scaffolding, and what a person sees on a real terminal (driven through a pseudo-terminal
 * made by script(1)).
 */
import { spawn } from 'node:child_process';
import { chmod, cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acmeDir } from '../helpers/paths';
import { copyRepo, generateTenants, type RepoCopy } from '../helpers/repo-copy';

let repo: RepoCopy;
beforeAll(async () => {
  repo = await copyRepo();
});
afterAll(() => repo.cleanup());
/** The tenants the repository ships. */
const SHIPPED = ['atlanta', 'aviation', 'london', 'platform'];
/** Each test starts from the shipped tenants only. */
afterEach(async () => {
  for (const name of await readdir(path.join(repo.dir, 'tenants'))) {
    if (!SHIPPED.includes(name)) await rm(path.join(repo.dir, 'tenants', name), { recursive: true, force: true });
  }
});

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(
  command: string,
  args: string[],
  options: {
    cwd?: string;
    env?: Record<string, string>;
    input?: (chunk: string, write: (text: string) => void) => void;
  } = {},
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? repo.dir,
      env: { ...process.env, ...repo.npmEnv, NO_COLOR: '', FORCE_COLOR: '', ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      options.input?.(stdout, (text) => child.stdin.write(text));
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    // npm's own warnings about this machine's npm configuration are not the CLI's output.
    child.on('close', (code) => resolve({ code, stdout, stderr: stderr.replace(/^npm warn .*\n/gm, '') }));
    if (!options.input) child.stdin.end();
  });
}

/** `npx backlot`, as the README says it: npm finds the package's bin (two seconds of npm's own start, each time). */
const npxBacklot = (...args: string[]) => run('npx', ['--no-install', 'backlot', ...args]);
/** The same bin npx runs, started directly: the tests of what the CLI does, without npm's start each time. */
const BIN = 'cli/bin/backlot.mjs';
const backlot = (...args: string[]) => run(process.execPath, [BIN, ...args]);

/** Runs a shell command line on a pseudo-terminal; `input` sees the screen so far and may type. */
const onTerminal = (commandLine: string, input?: (screen: string, type: (text: string) => void) => void) =>
  run('script', ['-qefc', commandLine, '/dev/null'], { env: { TERM: 'xterm-256color', COLUMNS: '100' }, input });

describe('npx backlot (the built binary)', () => {
  it('validates the shipped tenants and exits 0, run as npx backlot, without building dist/ again', async () => {
    const stamp = () => readFile(path.join(repo.dir, 'dist/.build-stamp.json'), 'utf8');
    const built = await stamp();
    // As a first `npx backlot` on a fresh machine (CI's checks) left it: npm's bin linking chmods the bin.
    await chmod(path.join(repo.dir, BIN), 0o755);
    expect(await npxBacklot('validate')).toMatchObject({ code: 0, stdout: '4 tenants, 0 errors\n' });
    // npm runs `prepare` to find the bin: a current build is left as it is (a server may be running from it).
    expect(await stamp()).toBe(built);
  });

  it('exits 1 on an invalid tenant, and --json is one parseable document', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'backlot-smoke-'));
    const fixture = path.join(dir, 'acme', 'site.json');
    await cp(acmeDir, path.join(dir, 'acme'), { recursive: true });
    await writeFile(
      fixture,
      (await readFile(fixture, 'utf8')).replace('"appTitle": "Acme Props"', '"apTitle": "Acme Props"'),
    );
    const invalid = await backlot('validate', '--json', fixture);
    await rm(dir, { recursive: true, force: true });
    expect(invalid.code).toBe(1);
    expect(JSON.parse(invalid.stdout).issues[1]).toMatchObject({
      pointer: '/apTitle',
      message: 'unknown key "apTitle"; did you mean `appTitle`?',
    });
  });

  it('exits 2 on an unknown flag or a missing path, without a stack trace', async () => {
    const flag = await backlot('validate', '--frobnicate');
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("error: unknown option '--frobnicate'");
    const missing = await backlot('validate', 'tenants/nowhere');
    expect(missing).toMatchObject({ code: 2, stderr: 'backlot: tenants/nowhere: no such file or folder\n' });
  });

  it('new → validate passes; new again refuses; --dry-run writes nothing', async () => {
    const dry = await backlot('new', 'dry', '--name', 'Dry Run', '--domain', 'www.dry.example', '--dry-run');
    expect(dry.code).toBe(0);
    expect(await readdir(path.join(repo.dir, 'tenants'))).not.toContain('dry');
    const created = await backlot('new', 'acme', '--name', 'Acme Props', '--domain', 'www.acme.example', '--yes');
    expect(created.code).toBe(0);
    expect(await backlot('validate', 'tenants/acme')).toMatchObject({ code: 0, stdout: '1 tenant, 0 errors\n' });
    const again = await backlot('new', 'acme', '--name', 'Acme Props', '--domain', 'www.acme.example', '--yes');
    expect(again).toMatchObject({
      code: 1,
      stderr: 'backlot: tenants/acme already exists; backlot new never overwrites a tenant\n',
    });
  });

  it('has --help with examples on every command, and --version', async () => {
    for (const command of ['validate', 'new', 'list', 'fmt']) {
      const help = await backlot(command, '--help');
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toMatch(/Examples:\n {2}\$ backlot /);
    }
    const manifest = JSON.parse(await readFile(path.join(repo.dir, 'package.json'), 'utf8'));
    expect(await npxBacklot('--version')).toMatchObject({ code: 0, stdout: `${manifest.version}\n` });
  });

  describe('on a terminal', () => {
    it('shows a progress bar over more than 50 tenants, and none off a terminal', async () => {
      const many = path.join(repo.dir, 'many');
      await generateTenants(many, 60);
      const terminal = await onTerminal(`cd ${repo.dir} && BACKLOT_TENANTS_DIR=many node ${BIN} validate`);
      expect(terminal.code).toBe(0);
      expect(terminal.stdout).toMatch(/Validating \[[█░]+\] \d+\/60/);
      expect(terminal.stdout).toContain('60 tenants, 0 errors');
      const piped = await run(process.execPath, [BIN, 'validate'], { env: { BACKLOT_TENANTS_DIR: 'many' } });
      expect(piped).toMatchObject({ code: 0, stdout: '60 tenants, 0 errors\n', stderr: '' });
      await rm(many, { recursive: true });
    });

    it('asks for missing answers with real prompts, and creates the tenant', async () => {
      const typed = new Set<string>();
      const answer = (screen: string, type: (text: string) => void) => {
        const steps: Array<[string, string]> = [
          ['Display name visitors see', 'Prompted Props\r'],
          ['Storefront domain', 'www.prompted.example\r'],
        ];
        for (const [prompt, text] of steps) {
          if (screen.includes(prompt) && !typed.has(prompt)) {
            typed.add(prompt);
            setTimeout(() => type(text), 100);
          }
        }
      };
      const result = await onTerminal(`cd ${repo.dir} && npx --no-install backlot new prompted`, answer);
      expect(result.stdout).toContain('Created tenants/prompted/');
      expect(result.code).toBe(0);
      expect(JSON.parse(await readFile(path.join(repo.dir, 'tenants/prompted/site.json'), 'utf8'))).toMatchObject({
        appTitle: 'Prompted Props',
        domain: 'www.prompted.example',
      });
    });

    it('Ctrl-C at a prompt cancels and leaves no tenant behind', async () => {
      let sent = false;
      const interrupt = (screen: string, type: (text: string) => void) => {
        if (!sent && screen.includes('Display name visitors see')) {
          sent = true;
          setTimeout(() => type('Half\u0003'), 100);
        }
      };
      const result = await onTerminal(`cd ${repo.dir} && node ${BIN} new cancelled`, interrupt);
      expect(result.code).toBe(130);
      expect(result.stdout).toContain('backlot: cancelled');
      expect(await readdir(path.join(repo.dir, 'tenants'))).toEqual(SHIPPED);
    });
  });
});
