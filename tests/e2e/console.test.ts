/**
 * The console end to end (first slice of its issue): the built server on a temp copy of tenants/,
 * Debian's Chromium, every off-machine request aborted. Platform staff log in, see the tenants,
 * edit branding and site (inputs from the schema), save, and the storefront shows it; the
 * schema's bounds are checked in the form; a tenant admin lands in their tenant and cannot reach
 * another (UI and API); axe-core finds no serious or critical violation. Screenshots go to
 * .tmp/artifacts/console/.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/browser';
import { AVIATION_ADMIN, STAFF, startConsole, type ConsoleUnderTest } from '../helpers/console';
import { http } from '../helpers/server-process';
import { loadTenant } from '../../schema/node/loader';
import { OutboxMailer } from '../../server/mail/mailer';
import { senderOf, welcomeMessage } from '../../server/mail/messages';
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';

let app: ConsoleUnderTest;
let server: ConsoleUnderTest['server'];
let artifacts: string;

beforeAll(async () => {
  app = await startConsole('console');
  ({ server, artifacts } = app);
}, 60_000);

afterAll(() => app?.close());

const logIn = (email: string, options: { bypassCSP?: boolean } = {}) => app.logIn(email, options);

describe('the console', () => {
  it('lets platform staff pick a tenant, edit branding from schema-made inputs, save, and the storefront shows it', async () => {
    const { page, context, blocked, errors } = await logIn(STAFF, { bypassCSP: true });
    await page.waitForURL(/#\/tenants/);
    await page.getByRole('cell', { name: 'aviation', exact: true }).waitFor();
    await expect(page.getByRole('cell', { name: 'platform', exact: true }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifacts, 'tenants_1280.png'), fullPage: true });

    await page.getByRole('cell', { name: 'aviation', exact: true }).click();
    await page.waitForURL(/#\/t\/aviation\/site/);
    await expect(page.getByLabel(/^Domain/).inputValue()).resolves.toBe('www.jetwayprops.com');
    expect(await page.getByLabel(/^Domain/).getAttribute('readonly')).toBeNull();
    await page.getByRole('tab', { name: 'Branding' }).click();
    const title = page.getByLabel(/^App title/);
    await title.fill('Jetway Props Studio');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifacts, 'site_branding_1280.png'), fullPage: true });
    const saved = page.waitForResponse((response) => response.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save' }).click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    await page.getByText('Element updated').waitFor();

    const storefront = await http(`${server.url}/pages/credits`, { headers: { host: 'aviation.localhost' } });
    expect(/<title>([^<]*)<\/title>/.exec(storefront.text)?.[1]).toBe('Credits | Jetway Props Studio');
    await page.reload();
    await page.getByRole('tab', { name: 'Branding' }).click();
    await expect(page.getByLabel(/^App title/).inputValue()).resolves.toBe('Jetway Props Studio');
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('checks the schema bounds in the form before anything is sent', async () => {
    const { page, context } = await logIn(STAFF);
    await page.waitForURL(/#\/tenants/);
    await page.goto(`${server.url}/admin/#/t/aviation/site/catalogue`);
    const columns = page.getByLabel(/^Maximum grid columns/);
    await columns.fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Must be 6 or less').waitFor();
    await page.screenshot({ path: path.join(artifacts, 'site_catalogue_invalid_1280.png'), fullPage: true });
    await context.close();
  });

  it('lands a tenant admin in their tenant, with the domain read-only, and keeps every other tenant out', async () => {
    const { page, context } = await logIn(AVIATION_ADMIN);
    await page.waitForURL(/#\/t\/aviation\/site/);
    await expect(page.getByLabel(/^Domain/).getAttribute('readonly')).resolves.not.toBeNull();
    expect(await page.getByRole('menuitem', { name: 'Tenants' }).count()).toBe(0);
    await page.screenshot({ path: path.join(artifacts, 'site_identity_tenant-admin_1280.png'), fullPage: true });
    await page.goto(`${server.url}/admin/#/t/platform/site`);
    await expect(page.getByLabel(/^App title/).count()).resolves.toBe(0);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    // The API does not even confirm that another tenant exists.
    expect((await http(`${server.url}/api/tenants/platform/settings/site`, { headers: { cookie } })).status).toBe(404);
    expect((await http(`${server.url}/api/tenants/aviation/settings/site`, { headers: { cookie } })).status).toBe(200);
    await context.close();
  });

  it('lets platform staff create a tenant (checked as they type), land in it, and switch tenants keeping the screen', async () => {
    const { page, context, errors } = await logIn(STAFF, { bypassCSP: true });
    await page.waitForURL(/#\/tenants/);
    await page.getByRole('link', { name: 'New tenant' }).click();
    await page.getByLabel(/^Tenant id/).fill('Hangar 9');
    await page.getByLabel(/^Business name/).fill('Hangar Nine Props');
    await page.getByLabel(/^Domain/).fill('props.hangar9.example');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/^Must be a lowercase slug/).waitFor();
    await page.getByLabel(/^Tenant id/).fill('aviation');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/already exists/).waitFor();
    await page.getByLabel(/^Tenant id/).fill('hangar-nine');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifacts, 'tenant_create_1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/t\/hangar-nine\/site/);
    await expect(page.getByLabel(/^Domain/).inputValue()).resolves.toBe('props.hangar9.example');
    const storefront = await http(`${server.url}/`, { headers: { host: 'hangar-nine.localhost' } });
    expect(storefront.text).toContain('Hangar Nine Props');

    // The switcher keeps the screen: the colours of one tenant, then of another.
    await page.goto(`${server.url}/admin/#/t/hangar-nine/colors`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await page.getByRole('combobox', { name: 'Tenant' }).click();
    await page.getByRole('option', { name: /\(aviation\)/ }).click();
    await page.waitForURL(/#\/t\/aviation\/colors/);
    await page.getByRole('textbox', { name: 'Colour name' }).first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows platform staff the outbox, each message with its HTML part sandboxed beside its text', async () => {
    const configuration = storefrontConfiguration(
      'aviation',
      'test',
      (await loadTenant(path.join(app.root, 'tenants/aviation'))).tenant!,
    );
    const outbox = new OutboxMailer(path.join(app.root, '.data/outbox'));
    await outbox.send({
      ...welcomeMessage(configuration, { email: 'dp@studio.example', displayName: 'Dana' }),
      to: 'dp@studio.example',
      from: senderOf(configuration),
      tenantId: 'aviation',
    });
    const { page, context, errors } = await logIn(STAFF, { bypassCSP: true });
    await page.waitForURL(/#\/tenants/);
    await page.getByRole('menuitem', { name: 'Outbox' }).click();
    // An earlier test may have renamed the tenant "Jetway Props Studio".
    await page.getByRole('cell', { name: /^Welcome to Jetway Props( Studio)?: your account is approved$/ }).click();
    const html = page.frameLocator('iframe[title="The message\'s HTML part"]');
    await html.getByRole('heading', { name: /^Welcome to Jetway Props/ }).waitFor();
    await page
      .getByText(/Hello Dana,/)
      .first()
      .waitFor();
    expect(await page.locator('iframe[title="The message\'s HTML part"]').getAttribute('sandbox')).toBe('');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(artifacts, 'outbox_1280.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
