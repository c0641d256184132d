/**
 * The project's one Ajv configuration (JSON Schema 2020-12). The CLI, the server's validator
 * compiler and the tests all validate through it, so a schema means the same thing everywhere.
 *
 * Ajv's compiler is loaded on first use (it is CommonJS, so createRequire can load it lazily):
 * the CLI runs validators precompiled from this same configuration (standalone.ts) and never
 * pays the ~30 ms it takes to load.
 */
import { createRequire } from 'node:module';
import type Ajv2020 from 'ajv/dist/2020.js';
import type { CodeOptions } from 'ajv/dist/2020.js';
import { schemaDocuments } from './documents';
import { formats } from './formats';

export { isIanaTimeZone } from './formats';
export type { Ajv2020 };

const require = createRequire(import.meta.url);

export function createAjv(code?: CodeOptions): Ajv2020 {
  const Ajv: typeof Ajv2020 = require('ajv/dist/2020.js').default;
  const addErrors: typeof import('ajv-errors').default = require('ajv-errors').default;
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

let shared: Ajv2020 | undefined;

/** The shared instance, created on first use. */
export function getAjv(): Ajv2020 {
  return (shared ??= createAjv());
}
