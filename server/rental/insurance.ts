/**
 * Certificates of insurance on the server: an upload checked (a PDF, PNG or JPEG told by its
 * bytes, at most 10 MB, cover lasting to today at least, on a request still standing), kept in the
 * tenant's private documents (the AssetStore's `documents/`, which no public route serves), and
 * recorded on the request. The file is written before the request names it and the one it replaces
 * is removed after, so a crash between leaves at worst an unnamed file, never a request naming a
 * file that is not there. The rules (what stands, what keeps an order in) are
 * schema/rental/insurance.ts and schema/rental/out-gate.ts.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  certificateDateProblems,
  certificateHouseProblems,
  certificateKind,
  INSURANCE_MAX_BYTES,
  rateFor,
  type CertificateDetails,
  type CertificateHouse,
} from '../../schema/rental/insurance';
import type { QuoteState } from '../../schema/rental/quote-states';
import type {
  InsuranceCertificate,
  InsuranceReview,
  InsuranceUpload,
  QuoteRequest,
} from '../../schema/types.generated';
import type { AssetStore } from '../assets/asset-store';
import { checkedKind, type DocumentCheck } from '../lib/document-check';
import { FieldProblemsError } from '../stores/field-problems';
import { plainText } from '../../schema/plain-text';
import { revisionOf, StaleQuoteError, UnknownQuoteError, type QuoteRequestStore } from '../stores/quote-request-store';

/** The states a certificate is no longer taken in: the request or the hire is over. */
const OVER: ReadonlySet<QuoteState> = new Set(['closed', 'cancelled', 'declined', 'expired']);

const hex = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

export interface CertificateStores {
  quoteRequests: QuoteRequestStore;
  assets: AssetStore;
  /** Whether the file opens as what it starts like (a PDF a reader opens, an image that decodes). */
  documentCheck: DocumentCheck;
}

/** Keeps an uploaded certificate on the request (replacing any earlier one); returns the request as stored. */
export async function keepCertificate(
  stores: CertificateStores,
  log: FastifyBaseLogger,
  upload: {
    tenantId: string;
    id: string;
    input: InsuranceUpload;
    by: InsuranceCertificate['uploadedBy'];
    now: Date;
    today: string;
    /** The house's names, currency and rates: what the upload says is checked against them. */
    house?: CertificateHouse;
  },
): Promise<QuoteRequest> {
  const { tenantId, id, input } = upload;
  const bytes = Buffer.from(input.data, 'base64');
  const problems = [...fileProblems(bytes), ...certificateDateProblems(input, upload.today)];
  if (upload.house) problems.push(...certificateHouseProblems(input, upload.house, false));
  const kind = await checkedFile(stores, tenantId, bytes, problems, 'Not uploaded: fix what is marked');

  const stored = await stores.quoteRequests.get(tenantId, id);
  if (!stored) throw new UnknownQuoteError(id);
  refuseWhenOver(stored, 'Not uploaded');
  const file = await writeOrderCopy(stores.assets, tenantId, id, bytes, kind);
  const { data: _data, fileName, ...details } = input;
  const certificate: InsuranceCertificate = {
    ...trimmedDetails(details),
    file,
    fileName: plainText(fileName).trim().slice(0, 200) || file,
    contentType: kind.type,
    size: bytes.length,
    ...withRate(details.currency, upload.house),
    uploadedAt: upload.now.toISOString(),
    uploadedBy: upload.by,
  };
  return putCertificate(stores, log, { tenantId, id, certificate, by: upload.by }, stored);
}

/** Why the bytes cannot be a certificate: too large, or not a PDF, PNG or JPEG by their first bytes. */
export function fileProblems(bytes: Buffer): Array<{ pointer: string; message: string }> {
  if (bytes.length > INSURANCE_MAX_BYTES)
    return [
      {
        pointer: '/data',
        message: `is ${(bytes.length / 1024 / 1024).toFixed(1)} MB: a certificate may be at most ${INSURANCE_MAX_BYTES / 1024 / 1024} MB`,
      },
    ];
  return certificateKind(bytes)
    ? []
    : [{ pointer: '/data', message: 'is not a PDF, PNG or JPEG: upload the certificate as a PDF or a photo of it' }];
}

/**
 * The file's kind once nothing else is wrong and it opens as that kind (parsed in a worker);
 * FieldProblemsError with every problem otherwise (`problems` found before, and the file's).
 */
export async function checkedFile(
  stores: Pick<CertificateStores, 'documentCheck'>,
  tenantId: string,
  bytes: Buffer,
  problems: Array<{ pointer: string; message: string }>,
  refusal: string,
): Promise<NonNullable<ReturnType<typeof certificateKind>>> {
  const kind = certificateKind(bytes);
  if (!problems.length && kind) {
    const unreadable = await stores.documentCheck(tenantId, bytes, checkedKind(kind.type));
    if (unreadable) problems.push({ pointer: '/data', message: unreadable });
  }
  if (problems.length || !kind) throw new FieldProblemsError(problems, refusal);
  return kind;
}

/** A request over takes no certificate. */
export function refuseWhenOver(request: QuoteRequest, refusal: string) {
  if (OVER.has(request.state ?? 'requested'))
    throw new FieldProblemsError(
      [{ pointer: '/data', message: `this request is ${request.state}: it takes no certificate` }],
      refusal,
    );
}

/** Writes an order's copy of a certificate in the house's private documents; returns its file name. */
export async function writeOrderCopy(
  assets: AssetStore,
  tenantId: string,
  id: string,
  bytes: Buffer,
  kind: { extension: string },
): Promise<string> {
  const file = `coi-${hex(`${tenantId}/${id}`).slice(0, 8)}-${hex(bytes).slice(0, 16)}.${kind.extension}`;
  await assets.write(tenantId, 'documents', file, bytes);
  return file;
}

/** What a certificate says, its texts trimmed and blanks left out. */
export function trimmedDetails<Details extends Partial<CertificateDetails>>(details: Details): Details {
  const entries = Object.entries(details)
    .map(([key, value]) => [key, typeof value === 'string' ? plainText(value).trim() : value] as const)
    .filter(([, value]) => value !== '' && value !== undefined);
  return Object.fromEntries(entries) as Details;
}

/** The house's rate for a certificate in another currency, kept on the order's copy. */
export function withRate(currency: string | undefined, house: CertificateHouse | undefined): { rate?: number } {
  const rate = house && currency ? rateFor(currency, house) : undefined;
  return rate !== undefined && rate !== 1 ? { rate } : {};
}

/**
 * Names `certificate` on the request, on the revision read (a step taken meanwhile is read again:
 * the certificate does not depend on it), then removes the file of the one it replaces.
 */
export async function putCertificate(
  stores: Pick<CertificateStores, 'quoteRequests' | 'assets'>,
  log: FastifyBaseLogger,
  put: { tenantId: string; id: string; certificate: InsuranceCertificate; by: string },
  stored: QuoteRequest,
): Promise<QuoteRequest> {
  const { tenantId, id, certificate } = put;
  for (let attempt = 0; ; attempt += 1) {
    const current = attempt === 0 ? stored : await stores.quoteRequests.get(tenantId, id);
    if (!current) throw new UnknownQuoteError(id);
    try {
      const changed = await stores.quoteRequests.change(tenantId, id, {
        revision: revisionOf(current),
        apply: (request) => ({ ...request, insurance: certificate }),
      });
      const replaced = current.insurance?.file;
      if (replaced && replaced !== certificate.file)
        await stores.assets
          .remove(tenantId, 'documents', replaced)
          .catch((error: unknown) => log.warn({ err: error, file: replaced }, 'replaced certificate not removed'));
      log.info(
        { tenantId, quoteRequest: id, file: certificate.file, bytes: certificate.size, by: put.by },
        'certificate of insurance kept',
      );
      return changed;
    } catch (error) {
      if (!(error instanceof StaleQuoteError) || attempt >= 5) throw error;
    }
  }
}

/**
 * The house's review of the certificate on a request: verified (with a note, if any) or refused
 * (with the reason the production reads), by whom and when. The certificate reviewed is the one
 * read: one replaced meanwhile is refused as stale, never reviewed unseen.
 */
export async function reviewCertificate(
  quoteRequests: QuoteRequestStore,
  review: { tenantId: string; id: string; revision: number; input: InsuranceReview; by: string; now: Date },
): Promise<QuoteRequest> {
  const { tenantId, id, input } = review;
  return quoteRequests.change(tenantId, id, {
    revision: review.revision,
    apply: (request) => {
      if (!request.insurance)
        throw new FieldProblemsError(
          [{ pointer: '/state', message: 'there is no certificate on this request to review' }],
          'Not reviewed',
        );
      const note = input.note?.trim();
      return {
        ...request,
        insurance: {
          ...request.insurance,
          review: { state: input.state, by: review.by, at: review.now.toISOString(), ...(note && { note }) },
        },
      };
    },
  });
}

/** The certificate's bytes and how to send them, or undefined when the request has none (or its file is gone). */
export async function certificateFile(
  assets: AssetStore,
  request: QuoteRequest,
): Promise<{ bytes: Buffer; certificate: InsuranceCertificate } | undefined> {
  const certificate = request.insurance;
  if (!certificate) return undefined;
  const bytes = await assets.read(request.tenantId, 'documents', certificate.file);
  return bytes && { bytes, certificate };
}

/** A download's Content-Disposition: the uploaded name, kept to safe characters, as an attachment (a certificate, a message's file). */
export function attachmentOf(certificate: Pick<InsuranceCertificate, 'fileName' | 'file'>): string {
  const ascii = certificate.fileName.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || certificate.file;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(certificate.fileName)}`;
}
