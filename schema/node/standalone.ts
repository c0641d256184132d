/**
 * Precompiles the tenant-file validators (and the catalogue file's) to a CommonJS module (Ajv standalone code), so the CLI
 * starts without compiling schemas. Same configuration as the runtime instance; the module
 * loads its formats from `./formats.cjs`, the bundled schema/formats.ts.
 */
import { _ } from 'ajv/dist/compile/codegen/index.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createAjv } from './ajv';
import { schemaIds } from '../documents';
import { TENANT_PARTS } from '../rules';

export function generateValidatorsModule(): string {
  const ajv = createAjv({ source: true, formats: _`require("./formats.cjs").formats` });
  return standaloneCode(
    ajv,
    Object.fromEntries([...TENANT_PARTS, 'catalogue' as const].map((part) => [part, schemaIds[part]])),
  );
}
