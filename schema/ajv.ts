/**
 * The project's one Ajv instance (JSON Schema 2020-12). The CLI, the server's validator
 * compiler and the tests all validate through it, so a schema means the same thing everywhere.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import addErrors from 'ajv-errors';
import { schemaDocuments } from './documents';

/** Accepts the IANA names the runtime's time-zone database knows (aliases such as UTC included). */
export function isIanaTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    allowUnionTypes: true,
    // verbose keeps the failing schema on each error, which the reporter reads for
    // "did you mean" candidates and for the labels of allowed options.
    verbose: true,
    // Never change the input: defaults are applied by readers, not by validation.
    useDefaults: false,
    removeAdditional: false,
    coerceTypes: false,
  });
  addFormats(ajv);
  addErrors(ajv, { singleError: false });
  ajv.addFormat('iana-timezone', { type: 'string', validate: isIanaTimeZone });
  // Annotation keywords: `x-ui` carries console widget hints, `tsType` steers type generation.
  ajv.addKeyword({ keyword: 'x-ui', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' });
  for (const document of Object.values(schemaDocuments)) ajv.addSchema(document);
  return ajv;
}

export const ajv = createAjv();
