/**
 * The shared Ajv instance in Node, created on first use from the one configuration in
 * schema/ajv.ts. Ajv is CommonJS, so createRequire loads it only when something validates
 * without precompiled validators (the CLI ships precompiled ones, see standalone.ts).
 * Importing this module also makes it the validators' fallback source (validator-registry.ts).
 */
import { createRequire } from 'node:module';
import type { CodeOptions } from 'ajv/dist/2020.js';
import { createAjvWith, type Ajv2020, type AjvClasses } from '../ajv';
import { checkDefinitionWith, type DefinitionName } from '../definitions';
import { schemaIds } from '../documents';
import { TENANT_PARTS } from '../rules';
import { compileValidatorsWith, type PartValidators } from '../validator-registry';

const require = createRequire(import.meta.url);

export function createAjv(code?: CodeOptions): Ajv2020 {
  const { default: Ajv } = require('ajv/dist/2020.js') as { default: AjvClasses['Ajv'] };
  const { default: addErrors } = require('ajv-errors') as { default: AjvClasses['addErrors'] };
  return createAjvWith({ Ajv, addErrors }, code);
}

let shared: Ajv2020 | undefined;

/** The shared instance, created on first use. */
export function getAjv(): Ajv2020 {
  return (shared ??= createAjv());
}

compileValidatorsWith(
  () =>
    Object.fromEntries(
      [...TENANT_PARTS, 'catalogue' as const].map((part) => [part, getAjv().getSchema(schemaIds[part])!]),
    ) as PartValidators,
);

/** true when the value fits the shared definition, else the reason (see definitions.ts). */
export function checkDefinition(name: DefinitionName, value: unknown): true | string {
  return checkDefinitionWith(getAjv(), name, value);
}
