/**
 * The project's one Ajv configuration (JSON Schema 2020-12), for Node and the browser alike:
 * the CLI, the server's validator compiler, the console's client-side checks and the tests all
 * validate through it, so a schema means the same thing everywhere.
 *
 * It takes the Ajv classes as arguments because each runtime loads them its own way: Node
 * lazily (schema/node/ajv.ts: the CLI runs precompiled validators and never pays the ~35 ms
 * Ajv's compiler takes to load), a browser bundle with ordinary imports.
 */
import type Ajv2020 from 'ajv/dist/2020.js';
import type { CodeOptions } from 'ajv/dist/2020.js';
import type addErrorsPlugin from 'ajv-errors';
import { schemaDocuments } from './documents';
import { formats } from './formats';

export { isIanaTimeZone } from './timezone';
export type { Ajv2020 };

export interface AjvClasses {
  Ajv: typeof Ajv2020;
  addErrors: typeof addErrorsPlugin;
}

export function createAjvWith({ Ajv, addErrors }: AjvClasses, code?: CodeOptions): Ajv2020 {
  const ajv = new Ajv({
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
    // multipleOf 0.01 (whole cents) on amounts up to a billion: a division error stays far below 1e-4.
    multipleOfPrecision: 4,
    formats,
    ...(code ? { code } : {}),
  });
  addErrors(ajv, { singleError: false });
  // Annotation keywords: `x-ui` carries console widget hints, `tsType` steers type generation.
  ajv.addKeyword({ keyword: 'x-ui', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'tsType', schemaType: 'string' });
  for (const document of Object.values(schemaDocuments)) ajv.addSchema(document);
  return ajv;
}
