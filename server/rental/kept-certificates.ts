/**
 * The production's certificates of insurance, kept once and chosen for each order. A certificate
 * is kept on the visitor's profile where it was uploaded: with a house (that house's storefront),
 * or on the platform, where it is offered to every house the production hires from. Choosing one
 * for an order copies it into the house's private documents as the order's certificate (the house
 * reviews its own copy), after the house's checks: dates, currency (at a rate the house states)
 * and the house named as additional insured (or any lessor). The file is written before the
 * profile names it; a removed certificate's file goes after the profile no longer does.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  certificateDateProblems,
  certificateHouseProblems,
  certificateProblems,
  type CertificateHouse,
  type KeptCertificateView,
} from '../../schema/rental/insurance';
import { PLATFORM_TENANT_ID } from '../../schema/routes';
import type { CertificateUpload, KeptCertificate, QuoteRequest } from '../../schema/types.generated';
import type { AssetStore } from '../assets/asset-store';
import type { DocumentCheck } from '../lib/document-check';
import { FieldProblemsError } from '../stores/field-problems';
import type { ProfileStore } from '../stores/profile-store';
import { UnknownQuoteError, type QuoteRequestStore } from '../stores/quote-request-store';
import { plainText } from '../../schema/plain-text';
import {
  checkedFile,
  fileProblems,
  putCertificate,
  refuseWhenOver,
  trimmedDetails,
  withRate,
  writeOrderCopy,
} from './insurance';

/** The most certificates a production keeps in one place. */
export const KEPT_CERTIFICATES_MAX = 20;

export interface KeptCertificateStores {
  profileStore: ProfileStore;
  quoteRequests: QuoteRequestStore;
  assets: AssetStore;
  documentCheck: DocumentCheck;
}

/** A kept certificate offered on a storefront, with its stored file's name (which its owner is not shown). */
export type KeptCertificateOffer = KeptCertificate & Pick<KeptCertificateView, 'keptOn' | 'problems'>;

export class UnknownCertificateError extends Error {
  readonly statusCode = 404;
  constructor(id: string) {
    super(`No certificate ${id} is kept for you here.`);
  }
}

const hex = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

/** Where a visitor's certificates are offered on `tenantId`: kept there, then kept on the platform (when they belong to it). */
function placesOf(
  tenantId: string,
  vendors: readonly string[],
): Array<{ tenantId: string; keptOn: 'here' | 'platform' }> {
  return [
    { tenantId, keptOn: 'here' as const },
    ...(tenantId !== PLATFORM_TENANT_ID && vendors.includes(PLATFORM_TENANT_ID)
      ? [{ tenantId: PLATFORM_TENANT_ID, keptOn: 'platform' as const }]
      : []),
  ];
}

/**
 * The visitor's certificates offered on `tenantId`, newest first in each place. `house`: the
 * tenant's checks, when it is a house (on the platform a certificate is checked where it is chosen).
 */
export async function keptCertificates(
  profileStore: ProfileStore,
  visitor: { tenantId: string; uid: string; vendors: readonly string[] },
  house: CertificateHouse | undefined,
  today: string,
): Promise<KeptCertificateOffer[]> {
  const places = await Promise.all(
    placesOf(visitor.tenantId, visitor.vendors).map(async (place) => {
      const profile = await profileStore.get(place.tenantId, visitor.uid);
      return (profile?.certificates ?? []).map((kept): KeptCertificateOffer => ({
        ...kept,
        keptOn: place.keptOn,
        problems: house ? certificateProblems(kept, house, today, true) : certificateDateProblems(kept, today),
      }));
    }),
  );
  return places.flat();
}

/** Keeps an uploaded certificate on the visitor's profile where they are (checked for this house when it is one); returns it. */
export async function keepProductionCertificate(
  stores: KeptCertificateStores,
  log: FastifyBaseLogger,
  upload: {
    tenantId: string;
    uid: string;
    input: CertificateUpload;
    house: CertificateHouse | undefined;
    now: Date;
    today: string;
  },
): Promise<KeptCertificate> {
  const { tenantId, uid, input } = upload;
  const bytes = Buffer.from(input.data, 'base64');
  const problems = [...fileProblems(bytes), ...certificateDateProblems(input, upload.today)];
  if (upload.house) problems.push(...certificateHouseProblems(input, upload.house, true));
  const full = (count: number) =>
    count >= KEPT_CERTIFICATES_MAX &&
    new FieldProblemsError(
      [
        {
          pointer: '/data',
          message: `you keep ${KEPT_CERTIFICATES_MAX} certificates here: remove one you no longer use first`,
        },
      ],
      'Not kept',
    );
  const tooMany = full((await stores.profileStore.get(tenantId, uid))?.certificates?.length ?? 0);
  if (tooMany) throw tooMany;
  const kind = await checkedFile(stores, tenantId, bytes, problems, 'Not kept: fix what is marked');
  const file = `coi-${hex(`${tenantId}/${uid}`).slice(0, 8)}-${hex(bytes).slice(0, 16)}.${kind.extension}`;
  await stores.assets.write(tenantId, 'documents', file, bytes);
  const { data: _data, fileName, ...details } = input;
  const kept: KeptCertificate = {
    id: `cert-${randomBytes(8).toString('hex')}`,
    file,
    fileName: plainText(fileName).trim().slice(0, 200) || file,
    contentType: kind.type,
    size: bytes.length,
    keptAt: upload.now.toISOString(),
    ...trimmedDetails(details),
  };
  await stores.profileStore.update(tenantId, uid, (profile) => {
    const certificates = profile.certificates ?? [];
    // Another upload may have filled the last place meanwhile (its file stays, named by no one).
    const filled = full(certificates.length);
    if (filled) throw filled;
    return { ...profile, certificates: [kept, ...certificates] };
  });
  log.info({ tenantId, certificate: kept.id, bytes: kept.size }, 'production certificate kept');
  return kept;
}

/** The kept certificate and where it is, among those offered to the visitor on `tenantId`. */
async function keptWhere(
  profileStore: ProfileStore,
  visitor: { tenantId: string; uid: string; vendors: readonly string[] },
  id: string,
): Promise<{ kept: KeptCertificate; tenantId: string }> {
  for (const place of placesOf(visitor.tenantId, visitor.vendors)) {
    const kept = (await profileStore.get(place.tenantId, visitor.uid))?.certificates?.find((each) => each.id === id);
    if (kept) return { kept, tenantId: place.tenantId };
  }
  throw new UnknownCertificateError(id);
}

/** A kept certificate's bytes, for its owner. */
export async function keptCertificateFile(
  stores: Pick<KeptCertificateStores, 'profileStore' | 'assets'>,
  visitor: { tenantId: string; uid: string; vendors: readonly string[] },
  id: string,
): Promise<{ bytes: Buffer; certificate: KeptCertificate }> {
  const { kept, tenantId } = await keptWhere(stores.profileStore, visitor, id);
  const bytes = await stores.assets.read(tenantId, 'documents', kept.file);
  if (!bytes) throw new UnknownCertificateError(id);
  return { bytes, certificate: kept };
}

/** Removes a certificate kept where the visitor is (orders keep their own copies). */
export async function removeKeptCertificate(
  stores: Pick<KeptCertificateStores, 'profileStore' | 'assets'>,
  log: FastifyBaseLogger,
  visitor: { tenantId: string; uid: string },
  id: string,
): Promise<void> {
  let removed: KeptCertificate | undefined;
  await stores.profileStore.update(visitor.tenantId, visitor.uid, (profile) => {
    removed = profile.certificates?.find((each) => each.id === id);
    if (!removed) throw new UnknownCertificateError(id);
    return { ...profile, certificates: profile.certificates!.filter((each) => each.id !== id) };
  });
  const file = removed!.file;
  // Two kept copies of the same file (uploaded twice) share it: it goes with the last.
  const profile = await stores.profileStore.get(visitor.tenantId, visitor.uid);
  if (profile?.certificates?.some((each) => each.file === file)) return;
  await stores.assets
    .remove(visitor.tenantId, 'documents', file)
    .catch((error: unknown) => log.warn({ err: error, file }, 'removed certificate file not deleted'));
}

/**
 * Chooses a kept certificate for one of the visitor's requests at this house: checked for the
 * house (refused by field: dates, currency, the lessor named), copied into its documents, and
 * named on the request (replacing any earlier certificate). Returns the request as stored.
 */
export async function chooseKeptCertificate(
  stores: KeptCertificateStores,
  log: FastifyBaseLogger,
  choice: {
    visitor: { tenantId: string; uid: string; vendors: readonly string[] };
    request: QuoteRequest;
    certificateId: string;
    house: CertificateHouse;
    now: Date;
    today: string;
  },
): Promise<QuoteRequest> {
  const { visitor, request, house } = choice;
  const { kept, tenantId: keptIn } = await keptWhere(stores.profileStore, visitor, choice.certificateId);
  const problems = certificateProblems(kept, house, choice.today, true);
  if (problems.length) throw new FieldProblemsError(problems, `Not chosen: this certificate cannot cover a hire here`);
  if (request.tenantId !== visitor.tenantId) throw new UnknownQuoteError(request.id);
  refuseWhenOver(request, 'Not chosen');
  const bytes = await stores.assets.read(keptIn, 'documents', kept.file);
  if (!bytes) throw new UnknownCertificateError(kept.id);
  const { id: keptId, file: _file, keptAt: _keptAt, ...details } = kept;
  const file = await writeOrderCopy(stores.assets, visitor.tenantId, request.id, bytes, {
    extension: kept.file.slice(kept.file.lastIndexOf('.') + 1),
  });
  const certificate = {
    ...details,
    file,
    ...withRate(kept.currency, house),
    uploadedAt: choice.now.toISOString(),
    uploadedBy: 'visitor' as const,
    keptId,
  };
  return putCertificate(
    stores,
    log,
    { tenantId: visitor.tenantId, id: request.id, certificate, by: 'visitor' },
    request,
  );
}
