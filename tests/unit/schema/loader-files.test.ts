/** The loader on real folders: files that are missing, unreadable, binary or too large, and rules across tenants. */
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loadTenant,
  loadTenants,
  MAX_TENANT_FILE_BYTES,
  readDomainClaims,
  withCrossTenantIssues,
} from '../../../schema/node/loader';
import { acmeDir, tenantsDir } from '../../helpers/paths';

let root: string;
let acme: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backlot-loader-'));
  acme = path.join(root, 'acme');
  await cp(acmeDir, acme, { recursive: true });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('loadTenant on files that are not good JSON text', () => {
  it('names a missing file', async () => {
    await rm(path.join(acme, 'vendor.json'));
    const report = await loadTenant(acme);
    expect(report.tenant).toBeUndefined();
    expect(report.issues).toEqual([
      expect.objectContaining({
        file: path.join(acme, 'vendor.json'),
        line: 1,
        column: 1,
        rule: 'missing-file',
        message: expect.stringContaining('site.json, vendor.json, categories.json'),
      }),
    ]);
  });

  it('refuses binary content', async () => {
    await writeFile(path.join(acme, 'site.json'), Buffer.from([0x7b, 0x00, 0xff, 0xfe, 0x7d]));
    const report = await loadTenant(acme);
    expect(report.issues).toEqual([
      expect.objectContaining({
        file: path.join(acme, 'site.json'),
        rule: 'unreadable-file',
        message: expect.stringContaining('binary'),
      }),
    ]);
  });

  it('refuses a file over the size limit without reading it whole', async () => {
    await writeFile(path.join(acme, 'categories.json'), Buffer.alloc(MAX_TENANT_FILE_BYTES + 1, 0x20));
    const report = await loadTenant(acme);
    expect(report.issues).toEqual([
      expect.objectContaining({
        rule: 'unreadable-file',
        message: expect.stringMatching(/5\.0 MB; tenant files are limited to 5 MB/),
      }),
    ]);
  });

  it('refuses a directory where a file should be', async () => {
    await rm(path.join(acme, 'site.json'));
    await mkdir(path.join(acme, 'site.json'));
    const report = await loadTenant(acme);
    expect(report.issues).toEqual([
      expect.objectContaining({ rule: 'unreadable-file', message: 'not a regular file (a directory)' }),
    ]);
  });

  it('reports a symbolic link loop instead of hanging or throwing', async () => {
    await rm(path.join(acme, 'site.json'));
    await symlink('loop-b.json', path.join(acme, 'site.json'));
    await symlink('site.json', path.join(acme, 'loop-b.json'));
    const report = await loadTenant(acme);
    expect(report.issues).toEqual([
      expect.objectContaining({ rule: 'unreadable-file', message: 'cannot read: symbolic link loop' }),
    ]);
  });

  it('reads a file saved with a byte-order mark and CRLF line endings, and locates issues in it', async () => {
    const text = (await readFile(path.join(acme, 'site.json'), 'utf8'))
      .replace('"maxColumnCount": 3', '"maxColumnCount": 9')
      .replace(/\n/g, '\r\n');
    await writeFile(path.join(acme, 'site.json'), '\ufeff' + text);
    const report = await loadTenant(acme);
    const line = text.split('\r\n').findIndex((l) => l.includes('"maxColumnCount": 9')) + 1;
    expect(report.issues).toEqual([
      expect.objectContaining({ pointer: '/maxColumnCount', line, column: 21, message: 'must be at most 6 (found 9)' }),
    ]);
  });
});

describe('loadTenants across a folder of tenants', () => {
  it('skips hidden folders and loose files', async () => {
    await mkdir(path.join(root, '.git'));
    await writeFile(path.join(root, 'README.md'), 'not a tenant');
    const report = await loadTenants(root);
    expect(report.tenants.map((t) => t.tenantId)).toEqual(['acme']);
    expect(report.issues).toEqual([]);
  });

  it('refuses a domain claimed by two tenants, on each of them, at its domain', async () => {
    await cp(path.join(tenantsDir, 'aviation'), path.join(root, 'aviation'), { recursive: true });
    const acmeSite = path.join(acme, 'site.json');
    const aviationDomain = JSON.parse(await readFile(path.join(root, 'aviation/site.json'), 'utf8')).domain as string;
    const text = (await readFile(acmeSite, 'utf8')).replace('"www.acme-props.example"', JSON.stringify(aviationDomain));
    await writeFile(acmeSite, text);
    const report = await loadTenants(root);
    const lineOf = (source: string) => source.split('\n').findIndex((l) => l.includes('"domain"')) + 1;
    const aviationText = await readFile(path.join(root, 'aviation/site.json'), 'utf8');
    expect(report.issues).toEqual([
      {
        file: acmeSite,
        line: lineOf(text),
        column: 13,
        pointer: '/domain',
        rule: 'unique-domain',
        message: `domain ${JSON.stringify(aviationDomain)} is also used by tenant "aviation"; each domain serves one tenant`,
      },
      {
        file: path.join(root, 'aviation', 'site.json'),
        line: lineOf(aviationText),
        column: 13,
        pointer: '/domain',
        rule: 'unique-domain',
        message: `domain ${JSON.stringify(aviationDomain)} is also used by tenant "acme"; each domain serves one tenant`,
      },
    ]);
  });

  it('checks one tenant’s domain against tenants it is not validating', async () => {
    await cp(path.join(tenantsDir, 'aviation'), path.join(root, 'aviation'), { recursive: true });
    const aviationDomain = JSON.parse(await readFile(path.join(root, 'aviation/site.json'), 'utf8')).domain as string;
    const acmeSite = path.join(acme, 'site.json');
    await writeFile(
      acmeSite,
      (await readFile(acmeSite, 'utf8')).replace(
        '"www.acme-props.example"',
        JSON.stringify(aviationDomain.toUpperCase()),
      ),
    );
    const claims = await readDomainClaims([path.join(root, 'aviation')]);
    expect(claims).toEqual([{ tenantId: 'aviation', domain: aviationDomain }]);
    const report = withCrossTenantIssues([await loadTenant(acme)], claims);
    // Upper case is not a valid domain, so the schema reports it and the clash check skips an invalid site.
    expect(report.issues.map((i) => i.rule)).toEqual(['schema/pattern']);
    await writeFile(
      acmeSite,
      (await readFile(acmeSite, 'utf8')).replace(
        JSON.stringify(aviationDomain.toUpperCase()),
        JSON.stringify(aviationDomain),
      ),
    );
    const clash = withCrossTenantIssues([await loadTenant(acme)], claims);
    expect(clash.issues).toEqual([
      expect.objectContaining({
        file: acmeSite,
        rule: 'unique-domain',
        message: expect.stringContaining('is also used by tenant "aviation"'),
      }),
    ]);
  });
});
