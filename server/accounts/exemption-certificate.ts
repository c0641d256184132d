/**
 * A customer account's tax-exemption certificate as a file (issue 38), kept as a certificate of
 * insurance is (rental/insurance.ts): a PDF, PNG or JPEG told by its bytes, at most 10 MB, in the
 * house's private documents, named on the account (`exemption.file`) once written, the file it
 * replaces removed after. It is taken only for a certificate the account already names (its kind,
 * number and expiry, typed on the account) and that has not expired: an expired certificate
 * exempts nothing, so its file would prove nothing.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { certificateKind, INSURANCE_MAX_BYTES } from '../../schema/rental/insurance';
import type { CustomerAccount, ExemptionUpload } from '../../schema/types.generated';
import type { AssetStore } from '../assets/asset-store';
import { checkedKind, type DocumentCheck } from '../lib/document-check';
import { type CustomerAccountStore, UnknownAccountError } from '../stores/customer-account-store';
import { FieldProblemsError } from '../stores/field-problems';

const hex = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');
/** A refusal for what the account stands at (no certificate named, or an expired one): 409, said whole. */
const refused = (message: string) => new FieldProblemsError([{ pointer: '', message }], message, 409);

export interface ExemptionStores {
  customerAccounts: CustomerAccountStore;
  assets: AssetStore;
  /** Whether the file opens as what it starts like (a PDF a reader opens, an image that decodes). */
  documentCheck: DocumentCheck;
}

/** Keeps the uploaded file as the account's certificate, on the version the house edited from; returns the account as stored. */
export async function keepExemptionCertificate(
  stores: ExemptionStores,
  log: FastifyBaseLogger,
  upload: { tenantId: string; id: string; version: number; input: ExemptionUpload; today: string },
): Promise<CustomerAccount> {
  const { tenantId, id } = upload;
  const bytes = Buffer.from(upload.input.data, 'base64');
  const kind = certificateKind(bytes);
  if (bytes.length > INSURANCE_MAX_BYTES)
    throw new FieldProblemsError(
      [
        {
          pointer: '/data',
          message: `is ${(bytes.length / 1024 / 1024).toFixed(1)} MB: a certificate may be at most ${INSURANCE_MAX_BYTES / 1024 / 1024} MB`,
        },
      ],
      'Not uploaded',
    );
  if (!kind)
    throw new FieldProblemsError(
      [{ pointer: '/data', message: 'is not a PDF, PNG or JPEG: upload the certificate as a PDF or a photo of it' }],
      'Not uploaded',
    );
  const unreadable = await stores.documentCheck(tenantId, bytes, checkedKind(kind.type));
  if (unreadable) throw new FieldProblemsError([{ pointer: '/data', message: unreadable }], 'Not uploaded');
  const stored = await stores.customerAccounts.get(tenantId, id);
  if (!stored) throw new UnknownAccountError(id);
  const exemption = stored.exemption;
  if (!exemption)
    throw refused('Not uploaded: give the certificate’s kind, number and expiry on the account first, then upload it');
  if (exemption.expiresOn < upload.today)
    throw refused(
      `Not uploaded: certificate ${exemption.number} expired on ${exemption.expiresOn}. Give the new certificate’s number and expiry first, then upload it`,
    );

  const file = `exemption-${hex(`${tenantId}/${id}`).slice(0, 8)}-${hex(bytes).slice(0, 16)}.${kind.extension}`;
  await stores.assets.write(tenantId, 'documents', file, bytes);
  const changed = await stores.customerAccounts.update(tenantId, id, upload.version, (current) => {
    if (!current.exemption) throw refused('Not uploaded: the account no longer names an exemption certificate');
    return { ...current, exemption: { ...current.exemption, file } };
  });
  const replaced = exemption.file;
  if (replaced && replaced !== file)
    await stores.assets
      .remove(tenantId, 'documents', replaced)
      .catch((error: unknown) =>
        log.warn({ err: error, file: replaced }, 'replaced exemption certificate not removed'),
      );
  log.info({ tenantId, account: id, file, bytes: bytes.length }, 'exemption certificate kept');
  return changed;
}

/** The account's certificate file, how it is sent, and the name it is saved under. */
export async function exemptionFile(
  assets: AssetStore,
  account: CustomerAccount,
): Promise<{ bytes: Buffer; type: string; name: string } | undefined> {
  const file = account.exemption?.file;
  if (!file) return undefined;
  const bytes = await assets.read(account.tenantId, 'documents', file);
  const kind = bytes && certificateKind(bytes);
  return bytes && kind
    ? {
        bytes,
        type: kind.type,
        name: `${account.id}-exemption-${account.exemption!.number.replace(/[^\w.-]+/g, '_')}.${kind.extension}`,
      }
    : undefined;
}
