/**
 * The TenantStore contract: every adapter (file, firestore) must pass these. Each adapter's
 * test file calls describeTenantStoreContract with a factory for a store holding two tenants,
 * "acme" (the small test tenant) and "aviation".
 */
import { TENANT_PARTS } from '../../schema/rules';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../schema/types.generated';
import {
  TenantExistsError,
  TenantIdRetiredError,
  TenantInvalidError,
  UnknownTenantError,
  UnknownVersionError,
  ValidationFailedError,
  VersionConflictError,
  type TenantStore,
} from '../../server/stores/tenant-store';
import { acmeDir, tenantsDir } from '../helpers/paths';
import { storeUnderTest, type OpenedStore } from './store-under-test';

export interface StoreFixture extends OpenedStore<TenantStore> {
  /** Breaks a tenant's stored site part behind the store's back (a hand edit, a bad git merge). */
  breakByHand(tenantId: string): Promise<void>;
}

/** A tenant as the API shows it: its files without their `$schema` keys. */
export function readTenant(dir: string): Tenant {
  const part = (name: string) => {
    const { $schema: _ignored, ...rest } = JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8'));
    return rest;
  };
  return Object.fromEntries(TENANT_PARTS.map((name) => [name, part(name)])) as unknown as Tenant;
}

export const acmeTenant = () => readTenant(acmeDir);
export const aviationTenant = () => readTenant(path.join(tenantsDir, 'aviation'));

export function describeTenantStoreContract(adapter: string, open: () => Promise<StoreFixture>) {
  describe(`TenantStore contract: ${adapter}`, () => {
    const subject = storeUnderTest(open);

    const current = async (id: string) => {
      const record = await subject.store.get(id);
      if (!record) throw new Error(`no tenant ${id}`);
      return record;
    };

    it('lists tenants sorted by id, with names, domains and versions', async () => {
      const list = await subject.store.list();
      expect(list.map((t) => [t.tenantId, t.displayName, t.domain])).toEqual([
        ['acme', 'Acme Props', 'www.acme-props.example'],
        ['aviation', 'Jetway Props', 'www.jetwayprops.com'],
      ]);
      for (const summary of list) expect(summary.version).toBe((await current(summary.tenantId)).version);
    });

    it('gets a tenant as the API shows it, and nothing for unknown or malformed ids', async () => {
      const record = await current('acme');
      expect(record.tenant).toEqual(acmeTenant());
      expect(record.tenant.site).not.toHaveProperty('$schema');
      expect(await subject.store.get('nobody')).toBeUndefined();
      for (const hostile of ['../acme', 'acme/../aviation', '..', 'ACME', '', '%2e%2e'])
        expect(await subject.store.get(hostile)).toBeUndefined();
    });

    it('resolves a domain to its tenant in constant time, and knows which ids exist', async () => {
      expect(subject.store.tenantForDomain('www.jetwayprops.com')).toBe('aviation');
      expect(subject.store.tenantForDomain('WWW.JetwayProps.com')).toBe('aviation');
      expect(subject.store.tenantForDomain('unknown.example')).toBeUndefined();
      expect(subject.store.has('acme')).toBe(true);
      expect(subject.store.has('nobody')).toBe(false);
    });

    it('replaces a tenant at its current version, and records who changed what', async () => {
      const before = await current('acme');
      const tenant = structuredClone(before.tenant);
      tenant.site.appTitle = 'Acme Props & Sets';
      tenant.vendor.weeklyDiscounts = [1, 1, 1, 1, 1, 1, 1, 0.5];
      const after = await subject.store.put('acme', tenant, { ifMatch: before.version, actor: 'ada@example.com' });
      expect(after.version).not.toBe(before.version);
      expect((await current('acme')).tenant).toEqual(tenant);
      const [entry] = await subject.store.history('acme');
      expect(entry).toMatchObject({
        version: after.version,
        previousVersion: before.version,
        actor: 'ada@example.com',
      });
      expect(entry!.changed).toEqual(expect.arrayContaining(['/site/appTitle', '/vendor/weeklyDiscounts/0']));
      expect(Date.parse(entry!.at)).not.toBeNaN();
    });

    it('tells its subscribers which tenant was created, changed or archived, and nothing once unsubscribed', async () => {
      const heard: string[] = [];
      const stop = subject.store.subscribe((tenantId) => heard.push(tenantId));
      const before = await current('acme');
      const tenant = structuredClone(before.tenant);
      tenant.site.appTitle = 'Acme Heard';
      const after = await subject.store.put('acme', tenant, { ifMatch: before.version, actor: 'a' });
      await expect.poll(() => heard).toContain('acme');
      await expect(subject.store.put('acme', tenant, { ifMatch: before.version, actor: 'a' })).rejects.toBeInstanceOf(
        VersionConflictError,
      );
      await subject.store.create(
        'heard-props',
        {
          ...structuredClone(tenant),
          site: { ...tenant.site, tenantId: 'heard-props', domain: 'www.heard-props.example' },
          vendor: { ...tenant.vendor, id: 'heard-props' },
        },
        'a',
      );
      await expect.poll(() => heard).toContain('heard-props');
      await subject.store.archive('acme', { ifMatch: after.version, actor: 'a' });
      await expect.poll(() => heard).toContain('acme');
      stop();
      heard.length = 0;
      await subject.store.archive('heard-props', { ifMatch: (await current('heard-props')).version, actor: 'a' });
      expect(heard).toEqual([]);
    });

    it('refuses a write based on a stale version, and changes nothing', async () => {
      const before = await current('acme');
      const first = structuredClone(before.tenant);
      first.site.appTitle = 'First';
      await subject.store.put('acme', first, { ifMatch: before.version, actor: 'a' });
      const second = structuredClone(before.tenant);
      second.site.appTitle = 'Second';
      await expect(subject.store.put('acme', second, { ifMatch: before.version, actor: 'b' })).rejects.toBeInstanceOf(
        VersionConflictError,
      );
      expect((await current('acme')).tenant.site.appTitle).toBe('First');
    });

    it('refuses an invalid tenant with located issues, and changes nothing', async () => {
      const before = await current('acme');
      const schemaBreak = structuredClone(before.tenant);
      (schemaBreak.vendor as { weeklyDiscounts: number[] }).weeklyDiscounts = [0.5, 0.5];
      await expect(
        subject.store.put('acme', schemaBreak, { ifMatch: before.version, actor: 'a' }),
      ).rejects.toMatchObject({
        issues: [expect.objectContaining({ file: 'vendor', pointer: '/weeklyDiscounts', rule: 'schema/minItems' })],
      });
      const ruleBreak = structuredClone(before.tenant);
      ruleBreak.site.footerLinks = [{ label: 'Nowhere', target: '/pages/nowhere' }];
      await expect(subject.store.put('acme', ruleBreak, { ifMatch: before.version, actor: 'a' })).rejects.toMatchObject(
        {
          issues: [
            expect.objectContaining({ file: 'site', pointer: '/footerLinks/0/target', rule: 'link-target-resolves' }),
          ],
        },
      );
      const domainClash = structuredClone(before.tenant);
      domainClash.site.domain = 'www.jetwayprops.com';
      await expect(
        subject.store.put('acme', domainClash, { ifMatch: before.version, actor: 'a' }),
      ).rejects.toBeInstanceOf(ValidationFailedError);
      expect(await current('acme')).toEqual(before);
      expect(await subject.store.history('acme')).toEqual([]);
    });

    it('lets exactly one of 50 concurrent writes based on the same version through', async () => {
      const before = await current('acme');
      const attempts = Array.from({ length: 50 }, (_, i) => {
        const tenant = structuredClone(before.tenant);
        tenant.site.appTitle = `Writer ${i}`;
        return subject.store.put('acme', tenant, { ifMatch: before.version, actor: `writer-${i}` });
      });
      const results = await Promise.allSettled(attempts);
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      for (const lost of results.filter((r) => r.status === 'rejected'))
        expect(lost.reason).toBeInstanceOf(VersionConflictError);
      const winner = (won[0] as PromiseFulfilledResult<{ version: string }>).value;
      expect((await current('acme')).version).toBe(winner.version);
      expect(await subject.store.history('acme')).toHaveLength(1);
    });

    it('keeps history that can be diffed and restored', async () => {
      const v0 = await current('acme');
      const t1 = structuredClone(v0.tenant);
      t1.site.appTitle = 'Version one';
      const v1 = await subject.store.put('acme', t1, { ifMatch: v0.version, actor: 'a' });
      const t2 = structuredClone(t1);
      t2.site.colorMap = [{ name: 'Teal', swatch: ['#008080'] }];
      const v2 = await subject.store.put('acme', t2, { ifMatch: v1.version, actor: 'b' });

      expect((await subject.store.history('acme')).map((e) => e.version)).toEqual([v2.version, v1.version]);
      expect(await subject.store.atVersion('acme', v0.version)).toEqual(v0.tenant);
      expect(await subject.store.diff('acme', v0.version, v1.version)).toEqual([
        { op: 'replace', path: '/site/appTitle', value: 'Version one' },
      ]);
      await expect(subject.store.atVersion('acme', 'no-such-version')).rejects.toBeInstanceOf(UnknownVersionError);

      const restored = await subject.store.restore('acme', v0.version, { ifMatch: v2.version, actor: 'c' });
      expect(restored.version).toBe(v0.version);
      expect((await current('acme')).tenant).toEqual(v0.tenant);
      expect((await subject.store.history('acme'))[0]).toMatchObject({
        previousVersion: v2.version,
        version: v0.version,
        actor: 'c',
      });
      await expect(
        subject.store.restore('acme', v1.version, { ifMatch: v2.version, actor: 'd' }),
      ).rejects.toBeInstanceOf(VersionConflictError);
    });

    it('repairs a tenant broken by hand without keeping the broken version in its history', async () => {
      await subject.fixture.breakByHand('acme');
      const error = await subject.store.get('acme').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TenantInvalidError);
      const broken = (await subject.store.list()).find((t) => t.tenantId === 'acme')!.version;
      const { version: good } = await subject.store.put('acme', acmeTenant(), {
        ifMatch: broken,
        actor: 'repair@example.com',
      });
      expect((await current('acme')).tenant).toEqual(acmeTenant());
      const [entry] = await subject.store.history('acme');
      expect(entry).toMatchObject({ version: good, previousVersion: null, actor: 'repair@example.com', changed: [''] });
      // The broken version was never stored, so it cannot be shown or restored.
      await expect(subject.store.atVersion('acme', broken)).rejects.toBeInstanceOf(UnknownVersionError);
      await expect(subject.store.restore('acme', broken, { ifMatch: good, actor: 'x' })).rejects.toBeInstanceOf(
        UnknownVersionError,
      );
    });

    it('archives a tenant at its current version: gone from service, domain free, its id never given again', async () => {
      const { version } = await current('acme');
      await expect(
        subject.store.archive('acme', { ifMatch: 'stale', actor: 'staff@example.com' }),
      ).rejects.toBeInstanceOf(VersionConflictError);
      expect(subject.store.has('acme')).toBe(true);
      await subject.store.archive('acme', { ifMatch: version, actor: 'staff@example.com' });
      expect(await subject.store.get('acme')).toBeUndefined();
      expect(subject.store.has('acme')).toBe(false);
      expect(subject.store.tenantForDomain('www.acme-props.example')).toBeUndefined();
      expect((await subject.store.list()).map((t) => t.tenantId)).toEqual(['aviation']);
      await expect(subject.store.archive('acme', { ifMatch: version, actor: 'x' })).rejects.toBeInstanceOf(
        UnknownTenantError,
      );
      // The domain can go to another tenant; the id stays the closed tenant's, so nothing kept
      // under it (accounts, orders, console memberships) ever reaches a new one.
      const aviation = await current('aviation');
      await subject.store.put(
        'aviation',
        { ...aviation.tenant, site: { ...aviation.tenant.site, domain: 'www.acme-props.example' } },
        { ifMatch: aviation.version, actor: 'x' },
      );
      expect(await subject.store.everUsed('acme')).toBe(true);
      expect(await subject.store.everUsed('aviation')).toBe(true);
      expect(await subject.store.everUsed('acme-two')).toBe(false);
      await expect(
        subject.store.create(
          'acme',
          { ...acmeTenant(), site: { ...acmeTenant().site, domain: 'www.acme-two.example' } },
          'staff@example.com',
        ),
      ).rejects.toBeInstanceOf(TenantIdRetiredError);
      expect(subject.store.has('acme')).toBe(false);
    });

    it('treats writing the same content as no change', async () => {
      const before = await current('acme');
      const again = await subject.store.put('acme', structuredClone(before.tenant), {
        ifMatch: before.version,
        actor: 'a',
      });
      expect(again.version).toBe(before.version);
      expect(await subject.store.history('acme')).toEqual([]);
    });

    it('moves the domain index with a domain change', async () => {
      const before = await current('acme');
      const moved = structuredClone(before.tenant);
      moved.site.domain = 'www.acme-moved.example';
      await subject.store.put('acme', moved, { ifMatch: before.version, actor: 'a' });
      expect(subject.store.tenantForDomain('www.acme-moved.example')).toBe('acme');
      expect(subject.store.tenantForDomain('www.acme-props.example')).toBeUndefined();
    });

    it('creates a tenant once, validated, and refuses to create it again', async () => {
      const fresh = structuredClone(acmeTenant());
      fresh.site.tenantId = 'studio-b';
      fresh.vendor.id = 'studio-b';
      fresh.site.domain = 'www.studio-b.example';
      const record = await subject.store.create('studio-b', fresh, 'staff@example.com');
      expect(record.tenant).toEqual(fresh);
      expect(subject.store.has('studio-b')).toBe(true);
      expect(subject.store.tenantForDomain('www.studio-b.example')).toBe('studio-b');
      expect((await subject.store.history('studio-b'))[0]).toMatchObject({
        previousVersion: null,
        actor: 'staff@example.com',
      });
      await expect(subject.store.create('studio-b', fresh, 'x')).rejects.toBeInstanceOf(TenantExistsError);
      const wrongId = structuredClone(fresh);
      wrongId.site.domain = 'www.other.example';
      await expect(subject.store.create('other', wrongId, 'x')).rejects.toMatchObject({
        issues: expect.arrayContaining([
          expect.objectContaining({ file: 'site', pointer: '/tenantId', rule: 'tenant-id-matches-folder' }),
        ]),
      });
      expect(subject.store.has('other')).toBe(false);
    });
  });
}
