/**
 * Mail in a tenant's name: its stored configuration (with its assets' versions, so the logo
 * resolves), its sender, and the mailer. One place for the steps every tenant mail takes.
 */
import { storefrontConfiguration } from '../../schema/configuration/build-configuration';
import type { StorefrontConfiguration } from '../../schema/configuration/configuration';
import type { AssetCatalog } from '../assets/asset-catalog';
import type { TenantStore } from '../stores/tenant-store';
import type { Mailer } from './mailer';
import { senderOf, type MailContent } from './messages';

export interface TenantMailParts {
  tenantStore: Pick<TenantStore, 'get'>;
  /** The tenant's images' versions, so the logo's address is current (left out, the unversioned address). */
  storefrontAssets?: Pick<AssetCatalog, 'versions'>;
  mailer: Mailer;
}

/** The tenant's configuration as its storefront has it; throws for a tenant that is gone. */
export async function tenantConfiguration(
  parts: Omit<TenantMailParts, 'mailer'>,
  tenantId: string,
): Promise<StorefrontConfiguration> {
  const stored = await parts.tenantStore.get(tenantId);
  if (!stored) throw new Error(`no tenant ${tenantId} to send in the name of`);
  return storefrontConfiguration(
    tenantId,
    stored.version,
    stored.tenant,
    await parts.storefrontAssets?.versions(tenantId),
  );
}

/** Where a tenant's mail goes: someone's address, or the house itself (its vendor's address). */
export type MailTo = string | { house: true };
export const TO_HOUSE: MailTo = { house: true };

/**
 * Sends what was written for the tenant's configuration, in its name (the tenant's title and its
 * vendor's address): the one place a mail gets its sender and its tenant, for callers that hold
 * the configuration already.
 */
export function sendAs(
  mailer: Mailer,
  configuration: StorefrontConfiguration,
  to: MailTo,
  content: MailContent,
): Promise<void> {
  const address = typeof to === 'string' ? to : configuration.vendor.email;
  return mailer.send({ ...content, to: address, from: senderOf(configuration), tenantId: configuration.tenantId });
}

/** Sends `write(configuration)` to `to` in the tenant's name. */
export async function sendTenantMail(
  parts: TenantMailParts,
  tenantId: string,
  to: MailTo,
  write: (configuration: StorefrontConfiguration) => MailContent,
): Promise<void> {
  const configuration = await tenantConfiguration(parts, tenantId);
  await sendAs(parts.mailer, configuration, to, write(configuration));
}

/** Sends `write(configuration)` to the house itself (its vendor's address), in its own name. */
export const sendHouseMail = (
  parts: TenantMailParts,
  tenantId: string,
  write: (configuration: StorefrontConfiguration) => MailContent,
): Promise<void> => sendTenantMail(parts, tenantId, TO_HOUSE, write);
