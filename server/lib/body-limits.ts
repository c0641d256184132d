/**
 * How much a request body may carry. Most routes take a few hundred bytes (a login, a record);
 * only authenticated tenant writes may carry a whole tenant. Guards run before the body is
 * read (onRequest), so the large limit is only ever spent on a logged-in, same-origin caller.
 */
import { MAX_TENANT_FILE_BYTES } from '../../schema/node/loader';
import { INSURANCE_MAX_BYTES } from '../../schema/rental/insurance';

/** Every route's default: logins, record writes of the small resources. */
export const DEFAULT_BODY_LIMIT = 256 * 1024;

/** A certificate uploaded as base64 (4 bytes of 3) with its few short fields: insurance, tax exemption. */
export const CERTIFICATE_BODY_LIMIT = Math.ceil((INSURANCE_MAX_BYTES * 4) / 3) + 8192;

/** A whole tenant: three files of up to MAX_TENANT_FILE_BYTES each, plus the JSON envelope. */
export const TENANT_BODY_LIMIT = 3 * MAX_TENANT_FILE_BYTES + 1024 * 1024;
