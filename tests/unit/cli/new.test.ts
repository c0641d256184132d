/** `backlot new` through program.parseAsync: scaffolding, refusals, prompts, --from, --dry-run. */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { noStackTrace, useScratchTenants } from '../../helpers/cli';

const scratch = useScratchTenants('aviation');
const readJson = async (relative: string) => JSON.parse(await readFile(path.join(scratch.cwd, relative), 'utf8'));
const exists = (relative: string) =>
  stat(path.join(scratch.cwd, relative)).then(
    () => true,
    () => false,
  );
const entries = async () => (await readdir(path.join(scratch.cwd, 'tenants'))).sort();

describe('backlot new', () => {
  it('writes a tenant that validate accepts and fmt --check leaves alone', async () => {
    const run = await scratch.run(['new', 'acme', '--name', 'Acme Props', '--domain', 'www.acme-props.com', '--yes']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Created tenants/acme/ with site.json, vendor.json, categories.json');
    expect(await entries()).toEqual(['acme', 'aviation']);
    const site = await readJson('tenants/acme/site.json');
    expect(site).toMatchObject({
      $schema: expect.stringMatching(/schema\/site\.schema\.json$/),
      tenantId: 'acme',
      domain: 'www.acme-props.com',
      appTitle: 'Acme Props',
    });
    expect(path.resolve(scratch.cwd, 'tenants/acme', site.$schema)).toMatch(/\/schema\/site\.schema\.json$/);
    expect(await readJson('tenants/acme/vendor.json')).toMatchObject({
      id: 'acme',
      displayName: 'Acme Props',
      email: 'hello@acme-props.com',
      website: 'https://www.acme-props.com',
    });
    // Its own neutral pages (what its links point at), none of aviation's.
    expect(await readJson('tenants/acme/pages.json')).toMatchObject({
      pages: [
        { path: '/pages/about-us', title: 'About Us', body: '' },
        { path: '/forms-and-faqs', title: 'Forms & FAQs', body: '' },
      ],
    });
    expect(await scratch.run(['validate'])).toMatchObject({ code: 0, stdout: '2 tenants, 0 errors\n' });
    expect(await scratch.run(['fmt', '--check', 'tenants/acme'])).toMatchObject({ code: 0 });
  });

  it('refuses to overwrite an existing tenant and changes nothing', async () => {
    const before = await readFile(path.join(scratch.cwd, 'tenants/aviation/site.json'), 'utf8');
    const run = await scratch.run(['new', 'aviation', '--name', 'Other', '--domain', 'www.other.com', '--yes']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('backlot: tenants/aviation already exists; backlot new never overwrites a tenant\n');
    expect(await readFile(path.join(scratch.cwd, 'tenants/aviation/site.json'), 'utf8')).toBe(before);
  });

  it('refuses the second of two identical calls', async () => {
    const args = ['new', 'acme', '--name', 'Acme', '--domain', 'www.acme.com', '--yes'];
    expect((await scratch.run(args)).code).toBe(0);
    const second = await scratch.run(args);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('already exists');
  });

  it('--dry-run prints the files it would write and writes nothing', async () => {
    const run = await scratch.run(['new', 'acme', '--name', 'Acme', '--domain', 'www.acme.com', '--dry-run', '--yes']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Would create tenants\/acme\/ \(dry run: nothing written\)\n {2}tenants\/acme\/site\.json +\d+ bytes\n {2}tenants\/acme\/vendor\.json +\d+ bytes\n {2}tenants\/acme\/categories\.json +\d+ bytes\n {2}tenants\/acme\/pages\.json +\d+ bytes\n$/,
    );
    expect(await entries()).toEqual(['aviation']);
  });

  it.each([['../escape'], ['a/b'], ['Acme'], ['acme..x'], ['-acme'], ['x']])(
    'rejects the id %j before touching anything',
    async (id) => {
      const run = await scratch.run(['new', '--name', 'X', '--domain', 'www.x.com', '--yes', '--', id]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/<tenantId> .*must be/);
      expect(await entries()).toEqual(['aviation']);
      expect(await exists('escape')).toBe(false);
    },
  );

  it.each([
    [['--domain', 'https://acme.com'], '--domain "https://acme.com": must be a lowercase host name'],
    [['--domain', 'www.acme.com', '--name', '   '], '--name "   ": must not be blank'],
    [['--domain', 'www.acme.com', '--email', 'nobody@'], '--email "nobody@": must be a valid email address'],
  ])('rejects bad answers with the schema’s own words: %j', async (flags, message) => {
    const run = await scratch.run(['new', 'acme', '--name', 'Acme', ...flags, '--yes']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(await entries()).toEqual(['aviation']);
  });

  it('without a terminal or with --yes it never prompts and names the missing answer', async () => {
    const noTerminal = await scratch.run(['new', 'acme', '--domain', 'www.acme.com']);
    expect(noTerminal.code).toBe(2);
    expect(noTerminal.stderr).toContain('missing --name: give it on the command line');
    const yes = await scratch.run(['new', 'acme', '--yes'], { answers: ['should not be asked'] });
    expect(yes.code).toBe(2);
    expect(yes.asked).toEqual([]);
    expect(await entries()).toEqual(['aviation']);
  });

  it('on a terminal it asks for what is missing, and asks again after a bad answer', async () => {
    const run = await scratch.run(['new'], { answers: ['Bad Id', 'acme', 'Acme Props', 'http://nope', ''] });
    expect(run.code).toBe(0);
    expect(run.asked).toEqual([
      'Tenant id (lowercase slug, also the folder name):',
      'rejected: must be a lowercase slug such as "aviation" or "prop-house" (letters, digits, single hyphens; starting with a letter) (found "Bad Id")',
      'Display name visitors see:',
      'Storefront domain (e.g. www.acme-props.com):',
      'rejected: must be a lowercase host name such as rentals.example.com (no scheme, port or path) (found "http://nope")',
    ]);
    expect(await readJson('tenants/acme/site.json')).toMatchObject({ domain: 'www.acme.com', appTitle: 'Acme Props' });
  });

  it('--from copies an existing tenant’s structure but not its identity or brand', async () => {
    const run = await scratch.run([
      'new',
      'studio-b',
      '--from',
      'aviation',
      '--name',
      'Studio B',
      '--domain',
      'www.studio-b.com',
      '--yes',
    ]);
    expect(run.code).toBe(0);
    const aviation = {
      site: await readJson('tenants/aviation/site.json'),
      categories: await readJson('tenants/aviation/categories.json'),
      vendor: await readJson('tenants/aviation/vendor.json'),
    };
    const site = await readJson('tenants/studio-b/site.json');
    expect(site).toMatchObject({
      tenantId: 'studio-b',
      domain: 'www.studio-b.com',
      appTitle: 'Studio B',
      meta: { title: 'Studio B' },
    });
    expect(site.headerLinks).toEqual(aviation.site.headerLinks);
    expect(site.colorMap).toEqual(aviation.site.colorMap);
    expect(site.customFields).toEqual(aviation.site.customFields);
    for (const key of ['gaTrackingId', 'socialLinks', 'headerLogo', 'favicon'])
      expect(site, key).not.toHaveProperty(key);
    expect((await readJson('tenants/studio-b/categories.json')).groups).toEqual(aviation.categories.groups);
    const vendor = await readJson('tenants/studio-b/vendor.json');
    expect(vendor).toMatchObject({
      id: 'studio-b',
      displayName: 'Studio B',
      weeklyDiscounts: aviation.vendor.weeklyDiscounts,
    });
    expect(vendor).not.toHaveProperty('phone');
    expect(vendor.legalName).toBeUndefined();
    expect((await scratch.run(['validate'])).code).toBe(0);
  });

  it('sets where the business is: its currency, language, clock and sales tax, each checked before anything is written', async () => {
    const run = await scratch.run([
      'new',
      'london',
      '--from',
      'aviation',
      '--name',
      'Soho Prop Hire',
      '--domain',
      'www.sohoprophire.co.uk',
      '--currency',
      'GBP',
      '--locale',
      'en-GB',
      '--timezone',
      'Europe/London',
      '--tax',
      '20',
      '--tax-name',
      'VAT',
      '--yes',
    ]);
    expect(run.stderr).toBe('');
    expect(await readJson('tenants/london/site.json')).toMatchObject({
      currency: 'GBP',
      locale: 'en-GB',
      taxRatePercent: 20,
      taxName: 'VAT',
    });
    expect(await readJson('tenants/london/vendor.json')).toMatchObject({ timezone: 'Europe/London' });
    expect((await scratch.run(['validate'])).code).toBe(0);
    const badTax = await scratch.run([
      'new',
      'paris',
      '--name',
      'Paris',
      '--domain',
      'www.paris.example',
      '--tax',
      'twenty',
      '--yes',
    ]);
    expect(badTax).toMatchObject({ code: 2 });
    expect(badTax.stderr).toContain('--tax "twenty": give the rate in percent, from 0 to 50 (e.g. 20)');
    const badCurrency = await scratch.run([
      'new',
      'paris',
      '--name',
      'Paris',
      '--domain',
      'www.paris.example',
      '--currency',
      'euro',
      '--yes',
    ]);
    expect(badCurrency.code).toBe(2);
    expect(badCurrency.stderr).toContain('--currency "euro"');
    expect(await exists('tenants/paris')).toBe(false);
  });

  it('--from a tenant that does not exist fails without writing', async () => {
    const run = await scratch.run([
      'new',
      'acme',
      '--from',
      'ghost',
      '--name',
      'Acme',
      '--domain',
      'www.acme.com',
      '--yes',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--from ghost: there is no tenant "ghost"');
    expect(await entries()).toEqual(['aviation']);
  });

  it('refuses a domain another tenant already serves', async () => {
    const run = await scratch.run(['new', 'acme', '--name', 'Acme', '--domain', 'www.jetwayprops.com', '--yes']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('the new tenant would not be valid, so nothing was written');
    expect(run.stderr).toContain('domain "www.jetwayprops.com" is also used by tenant "aviation"');
    expect(noStackTrace(run.stderr)).toBe(true);
    expect(await entries()).toEqual(['aviation']);
  });

  it('stops cleanly when cancelled before writing, leaving nothing behind', async () => {
    const controller = new AbortController();
    controller.abort();
    const run = await scratch.run(['new', 'acme', '--name', 'Acme', '--domain', 'www.acme.com', '--yes'], {
      signal: controller.signal,
    });
    expect(run.code).toBe(130);
    expect(run.stderr).toBe('backlot: cancelled\n');
    expect(await readdir(path.join(scratch.cwd, 'tenants'), { withFileTypes: false })).toEqual(['aviation']);
  });
});
