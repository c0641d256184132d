/** `backlot list` and `backlot fmt` through program.parseAsync. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backlot, scratchTenants, useScratchTenants } from '../../helpers/cli';
import { repoRoot } from '../../helpers/paths';

const scratch = useScratchTenants('acme', 'aviation');

describe('backlot itself', () => {
  it('prints help with examples (also with no arguments) and its version', async () => {
    const help = await backlot(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(
      /Usage: backlot \[options\] \[command\][\s\S]*validate[\s\S]*new[\s\S]*list[\s\S]*fmt[\s\S]*Examples:/,
    );
    expect((await backlot([])).stdout).toBe(help.stdout);
    expect((await backlot(['help', 'fmt'])).stdout).toContain('Usage: backlot fmt [options] [paths...]');
    const { version } = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8'));
    expect(await backlot(['--version'])).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('exits 2 on an unknown command and suggests the nearest', async () => {
    const run = await backlot(['valdate']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown command 'valdate'");
    expect(run.stderr).toContain('validate');
  });
});

describe('backlot list', () => {
  it('prints a table of id, name, domain, categories and status', async () => {
    const run = await scratch.run(['list']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        'ID        NAME          DOMAIN                  CATEGORIES  STATUS',
        'acme      Acme Props    www.acme-props.example           3  valid',
        'aviation  Jetway Props  www.jetwayprops.com             42  valid',
        '',
        '2 tenants',
        '',
      ].join('\n'),
    );
  });

  it('--json gives the same rows as data, and still lists an invalid tenant', async () => {
    const vendor = path.join(scratch.cwd, 'tenants/acme/vendor.json');
    await writeFile(
      vendor,
      (await readFile(vendor, 'utf8')).replace('"email": "hello@acme-props.example"', '"email": "nope"'),
    );
    const run = await scratch.run(['list', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([
      {
        id: 'acme',
        displayName: 'Acme Props',
        domain: 'www.acme-props.example',
        categories: 3,
        valid: false,
        errors: 1,
      },
      {
        id: 'aviation',
        displayName: 'Jetway Props',
        domain: 'www.jetwayprops.com',
        categories: 42,
        valid: true,
        errors: 0,
      },
    ]);
    expect((await scratch.run(['list'])).stdout).toContain('invalid (1 error)');
  });

  it('shows hostile names escaped, never as terminal commands', async () => {
    const vendor = path.join(scratch.cwd, 'tenants/acme/vendor.json');
    await writeFile(
      vendor,
      (await readFile(vendor, 'utf8')).replace('"displayName": "Acme Props"', '"displayName": "Acme\\u001b[2J\\u0007"'),
    );
    const run = await scratch.run(['list']);
    expect(run.stdout).toContain('Acme\\u001b[2J\\u0007');
    expect(run.stdout).not.toContain('\u001b');
  });

  it('says how to start when there are no tenants', async () => {
    const empty = await scratchTenants();
    try {
      const { mkdir } = await import('node:fs/promises');
      await mkdir(path.join(empty.dir, 'tenants'));
      const run = await backlot(['list'], { cwd: empty.dir });
      expect(run).toMatchObject({
        code: 0,
        stdout: 'No tenants yet. Create one with: backlot new <tenantId> --name "…" --domain …\n',
      });
    } finally {
      await empty.cleanup();
    }
  });
});

describe('backlot fmt', () => {
  const site = () => path.join(scratch.cwd, 'tenants/acme/site.json');

  it('rewrites a file into canonical form: schema key order, two-space indent, short containers inline, trailing newline', async () => {
    await writeFile(
      site(),
      JSON.stringify({
        appTitle: 'Acme Props',
        domain: 'www.acme-props.example',
        tenantId: 'acme',
        zzUnknown: 1,
        $schema: '../../x.json',
        colorMap: [{ swatch: ['#d32f2f'], name: 'Red' }],
      }),
    );
    const run = await scratch.run(['fmt', 'tenants/acme/site.json']);
    expect(run).toMatchObject({
      code: 0,
      stdout: 'formatted: tenants/acme/site.json\n1 formatted, 0 already formatted\n',
    });
    expect(await readFile(site(), 'utf8')).toBe(
      '{\n  "$schema": "../../x.json",\n  "tenantId": "acme",\n  "domain": "www.acme-props.example",\n  "appTitle": "Acme Props",\n' +
        '  "colorMap": [\n    { "name": "Red", "swatch": ["#d32f2f"] }\n  ],\n  "zzUnknown": 1\n}\n',
    );
    expect(await scratch.run(['fmt', '--check'])).toMatchObject({ code: 0, stdout: '8 files already formatted\n' });
  });

  it('--check names the files that would change, exits 1 and changes nothing', async () => {
    const compact = JSON.stringify(JSON.parse(await readFile(site(), 'utf8')));
    await writeFile(site(), compact);
    const run = await scratch.run(['fmt', '--check']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('not formatted: tenants/acme/site.json\n1 of 8 files need formatting: run backlot fmt\n');
    expect(await readFile(site(), 'utf8')).toBe(compact);
  });

  it('keeps every value, including keys the schema does not know', async () => {
    const before = JSON.parse(await readFile(site(), 'utf8'));
    await writeFile(site(), '{"__proto__": {"x": 1}, ' + JSON.stringify(before).slice(1));
    await scratch.run(['fmt']);
    const after = JSON.parse(await readFile(site(), 'utf8')) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(after, '__proto__')?.value).toEqual({ x: 1 });
    const { ['__proto__']: _kept, ...rest } = after;
    expect(rest).toEqual(before);
  });

  it('reports a file it cannot parse, where, and leaves it as it was', async () => {
    await writeFile(site(), '{\n  "tenantId": "acme",\n}\n');
    const run = await scratch.run(['fmt']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'tenants/acme/site.json:3:1  (root)  invalid JSON: expected a property name in double quotes; fix it before formatting',
    );
    expect(await readFile(site(), 'utf8')).toBe('{\n  "tenantId": "acme",\n}\n');
  });
});
