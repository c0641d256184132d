/**
 * A house connecting the account it is paid on at the Stripe STAND-IN, the way its staff do it:
 * the console's connect call (the house's account opened at Stripe), Stripe's hosted onboarding
 * finished (the stand-in's test route, standing in for the house filling Stripe's form), and the
 * payouts screen read again on the way back. Returns the house's account id.
 */
import { expect } from 'vitest';
import type { TestApp } from './server';
import type { StripeStandIn } from './stripe-stand-in';

export async function connectHouseAtStripe(
  t: TestApp,
  stripe: StripeStandIn,
  tenantId: string,
  who: Parameters<TestApp['as']>[0] = 'platformStaff',
): Promise<string> {
  const connected = await t.as(who, { method: 'POST', url: `/api/tenants/${tenantId}/payouts/connect` });
  expect(connected.statusCode, connected.body).toBe(200);
  const account = connected.json().payouts.accountId as string;
  expect((await fetch(`${stripe.url}/test/onboard/${account}`, { method: 'POST' })).status).toBe(200);
  const back = await t.as(who, { method: 'GET', url: `/api/tenants/${tenantId}/payouts` });
  expect(back.json()).toMatchObject({ accountId: account, chargesEnabled: true });
  return account;
}
