/** `backlot validate` through program.parseAsync: output, exit codes, paths and bad input. */
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backlot, noStackTrace, useScratchTenants } from '../../helpers/cli';

const scratch = useScratchTenants('acme', 'aviation');

async function breakFile(relative: string, from: string, to: string) {
  const file = path.join(scratch.cwd, relative);
  const text = await readFile(file, 'utf8');
  expect(text).toContain(from);
  await writeFile(file, text.replace(from, to));
}

describe('backlot validate', () => {
  it('checks the shipped tenants of the repository and says so in one line', async () => {
    const run = await backlot(['validate']);
    expect(run).toMatchObject({ code: 0, stdout: '4 tenants, 0 errors\n', stderr: '' });
  });

  it('groups issues by file with code frames, ends with a summary, and exits 1', async () => {
    await breakFile('tenants/acme/site.json', '"appTitle": "Acme Props"', '"apTitle": "Acme Props"');
    await breakFile('tenants/acme/vendor.json', '"timezone": "America/Los_Angeles"', '"timezone": "Mars/Olympus"');
    const run = await scratch.run(['validate']);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      'tenants/acme/site.json\ntenants/acme/site.json:1:1  /appTitle  missing required key "appTitle"',
    );
    expect(run.stdout).toContain(
      'tenants/acme/site.json:7:3  /apTitle  unknown key "apTitle"; did you mean `appTitle`?',
    );
    expect(run.stdout).toMatch(/> +7 \| {3}"apTitle": "Acme Props",\n +\| +\^/);
    expect(run.stdout).toContain('tenants/acme/vendor.json:15:15  /timezone  must be a known IANA time zone');
    expect(run.stdout.indexOf('tenants/acme/site.json\n')).toBeLessThan(
      run.stdout.indexOf('tenants/acme/vendor.json\n'),
    );
    expect(run.stdout.trimEnd().split('\n').pop()).toBe('1 of 2 tenants invalid, 3 errors');
    expect(run.stdout).not.toContain('\u001b');
  });

  it('reports the rules it can still check beside the schema errors, in one run', async () => {
    // A bad colour (schema) and a header link to a page that does not exist (rule), in one file.
    await breakFile(
      'tenants/aviation/site.json',
      '"target": "/pages/portfolio/all-projects"',
      '"target": "/rentals/yachts"',
    );
    const site = path.join(scratch.cwd, 'tenants/aviation/site.json');
    const text = await readFile(site, 'utf8');
    await writeFile(site, text.replace(/"primaryColor": "[^"]+"/, '"primaryColor": "red"'));
    const run = await scratch.run(['validate', '--json']);
    expect(run.code).toBe(1);
    const { issues } = JSON.parse(run.stdout) as { issues: Array<{ pointer: string; rule: string; message: string }> };
    expect(issues.map((issue) => `${issue.pointer} ${issue.rule}`)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/theme\/primaryColor schema\//),
        expect.stringMatching(/^\/headerLinks\/1\/target /),
      ]),
    );
    expect(issues.find((issue) => issue.pointer === '/headerLinks/1/target')!.message).toContain('/rentals/yachts');
  });

  it("checks a tenant's catalogue.json against the tenant, on its own or with the folder", async () => {
    const item = {
      objectID: 'crate',
      name: 'Road Crate',
      category: { group: 'nowhere', category: 'at-all' },
      rates: { day: 40 },
      quantity: 2,
      vendorId: 'acme',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    await writeFile(
      path.join(scratch.cwd, 'tenants/acme/catalogue.json'),
      JSON.stringify({ $schema: '../../schema/catalogue.schema.json', items: [item] }, null, 2),
    );
    const run = await scratch.run(['validate']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /tenants\/acme\/catalogue\.json:8:18 {2}\/items\/0\/category\/group {2}no rental group "nowhere" in categories\.json \(groups: "sets"\)/,
    );
    expect(run.stdout.trimEnd().split('\n').pop()).toBe('1 of 2 tenants invalid, 1 error');
    const alone = await scratch.run(['validate', 'tenants/acme/catalogue.json']);
    expect(alone.code).toBe(1);
    expect(alone.stdout).toContain('tenants/acme/catalogue.json:8:18');
    await writeFile(path.join(scratch.cwd, 'tenants/acme/catalogue.json'), '{ "items": [ ');
    expect((await scratch.run(['validate', 'tenants/acme'])).stdout).toMatch(
      /tenants\/acme\/catalogue\.json:1:\d+ {2}/,
    );
  });

  it('--json prints one parseable report and nothing else on stdout', async () => {
    await breakFile('tenants/acme/vendor.json', '[0.5, 0.5, 1, 0, 0.5, 0.5, 1, 0.75]', '[0.5, 0.5, 1]');
    const run = await scratch.run(['validate', '--json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.ok).toBe(false);
    expect(report.summary).toEqual({ tenants: 2, invalidTenants: 1, errors: 1 });
    expect(report.issues).toEqual([
      {
        file: 'tenants/acme/vendor.json',
        line: 16,
        column: 22,
        pointer: '/weeklyDiscounts',
        message: 'must hold exactly 8 numbers (found 3)',
        rule: 'schema/minItems',
      },
    ]);
    expect(report.tenants.map((t: { tenantId: string; valid: boolean }) => [t.tenantId, t.valid])).toEqual([
      ['acme', false],
      ['aviation', true],
    ]);
  });

  it('takes a tenant folder, a single file, or a folder of tenants', async () => {
    await breakFile('tenants/acme/site.json', '"maxColumnCount": 3', '"maxColumnCount": 12');
    await breakFile('tenants/acme/categories.json', '"slug": "galleys"', '"slug": "Galleys"');
    const folder = await scratch.run(['validate', 'tenants/acme']);
    expect(folder.stdout.trimEnd().split('\n').pop()).toBe('1 of 1 tenant invalid, 2 errors');
    const file = await scratch.run(['validate', 'tenants/acme/site.json', '--json']);
    expect(JSON.parse(file.stdout).issues.map((i: { pointer: string }) => i.pointer)).toEqual(['/maxColumnCount']);
    const root = await scratch.run(['validate', 'tenants', '--json']);
    expect(JSON.parse(root.stdout).summary).toEqual({ tenants: 2, invalidTenants: 1, errors: 2 });
    const twice = await scratch.run(['validate', 'tenants/acme/site.json', 'tenants/acme', '--json']);
    expect(JSON.parse(twice.stdout).summary).toEqual({ tenants: 1, invalidTenants: 1, errors: 2 });
  });

  it('honours BACKLOT_TENANTS_DIR', async () => {
    const run = await backlot(['validate', '--json'], {
      env: { BACKLOT_TENANTS_DIR: path.join(scratch.cwd, 'tenants') },
    });
    expect(JSON.parse(run.stdout).tenants.map((t: { tenantId: string }) => t.tenantId)).toEqual(['acme', 'aviation']);
  });

  it('checks one tenant’s domain against the other tenants in the folder', async () => {
    await breakFile('tenants/acme/site.json', '"www.acme-props.example"', '"www.jetwayprops.com"');
    const run = await scratch.run(['validate', 'tenants/acme', '--json']);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).issues).toEqual([
      expect.objectContaining({
        pointer: '/domain',
        rule: 'unique-domain',
        message: expect.stringContaining('also used by tenant "aviation"'),
      }),
    ]);
  });

  describe('usage errors exit 2 with a message that names the problem', () => {
    it.each([
      [['validate', '--bogus'], "unknown option '--bogus'"],
      [['validate', 'tenants/nope'], 'tenants/nope: no such file or folder'],
      [['validate', 'tenants/acme/README.md'], 'tenants/acme/README.md: no such file or folder'],
      [
        ['validate', 'notes.txt'],
        'notes.txt is not a tenant file (expected site.json, vendor.json, categories.json, pages.json, catalogue.json)',
      ],
      [
        ['validate', 'empty-folder'],
        'empty-folder is not a tenant folder: it holds none of site.json, vendor.json, categories.json',
      ],
      [['validate', 'loop'], 'loop: symbolic link loop'],
    ])('%j', async (args, message) => {
      await writeFile(path.join(scratch.cwd, 'notes.txt'), 'hello');
      await mkdir(path.join(scratch.cwd, 'empty-folder'));
      await symlink('loop', path.join(scratch.cwd, 'loop'));
      const run = await scratch.run([...args, '--json']);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(message);
      expect(noStackTrace(run.stderr)).toBe(true);
    });

    it('a missing tenants folder', async () => {
      const run = await backlot(['validate'], { cwd: path.join(scratch.cwd, 'tenants', 'acme') });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('no tenants folder here');
    });
  });

  describe('bad files get a one-line message naming the file and exit 1, never a stack trace', () => {
    const cases: Array<[string, string | Buffer, RegExp]> = [
      [
        'malformed JSON',
        '{\n  "tenantId": "acme",\n  "domain" "x"\n}',
        /site\.json:3:12 {2}\(root\) {2}invalid JSON: expected a colon after the property name/,
      ],
      ['an empty file', '', /site\.json:1:1 {2}\(root\) {2}the file is empty; expected a JSON object/],
      [
        'binary junk',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0xff]),
        /site\.json:1:1 {2}\(root\) {2}binary content \(a NUL byte\)/,
      ],
      [
        'a 50 MB file',
        Buffer.alloc(50 * 1024 * 1024, 0x20),
        /site\.json:1:1 {2}\(root\) {2}file is 50\.0 MB; tenant files are limited to 5 MB/,
      ],
      ['a JSON array', '[]', /site\.json:1:1 {2}\(root\) {2}must be an object \(found an array of 0\)/],
    ];
    it.each(cases)('%s', async (_name, content, expected) => {
      await writeFile(path.join(scratch.cwd, 'tenants/acme/site.json'), content);
      const run = await scratch.run(['validate', 'tenants/acme']);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(expected);
      expect(noStackTrace(run.stdout + run.stderr)).toBe(true);
    });

    it('a symbolic link loop in place of a file', async () => {
      await rm(path.join(scratch.cwd, 'tenants/acme/vendor.json'));
      await symlink('vendor.json', path.join(scratch.cwd, 'tenants/acme/vendor.json'));
      const run = await scratch.run(['validate', 'tenants/acme']);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('tenants/acme/vendor.json:1:1  (root)  cannot read: symbolic link loop');
    });
  });

  it('colours only on a terminal, and not when NO_COLOR is set', async () => {
    await breakFile('tenants/acme/site.json', '"maxColumnCount": 3', '"maxColumnCount": 12');
    expect((await scratch.run(['validate'], { tty: true })).stdout).toContain('\u001b[');
    expect((await scratch.run(['validate'], { tty: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b');
    expect((await scratch.run(['validate'], { tty: false })).stdout).not.toContain('\u001b');
  });

  it('never sends control characters from a file to the terminal', async () => {
    await writeFile(
      path.join(scratch.cwd, 'tenants/acme/site.json'),
      '{\n  "tenantId": "acme",\u001b[2J\u001b]0;pwned\u0007\n}',
    );
    const run = await scratch.run(['validate', 'tenants/acme']);
    expect(run.code).toBe(1);
    // eslint-disable-next-line no-control-regex -- no control character may reach the log
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(run.stdout).toContain('\ufffd[2J');
  });
});
