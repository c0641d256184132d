/**
 * One value against a single shared definition of defs.schema.json (a tenant id, a host name …),
 * so prompts, API parameters, stores and console inputs accept exactly what tenant files accept
 * and say it in the same words. In Node, schema/node/ajv.ts has `checkDefinition` on the shared instance.
 */
import type { Ajv2020 } from './ajv';
import { problemsFromAjv } from './ajv-messages';
import { schemaDocuments } from './documents';

export type DefinitionName =
  'tenantId' | 'hostname' | 'label' | 'email' | 'slug' | 'password' | 'phone' | 'currency' | 'locale' | 'timezone';

/** true when the value fits the definition, else the reason. */
export function checkDefinitionWith(ajv: Ajv2020, name: DefinitionName, value: unknown): true | string {
  const validate = ajv.getSchema(`${schemaDocuments.defs.$id}#/$defs/${name}`)!;
  if (validate(value)) return true;
  return problemsFromAjv(validate.errors)[0]?.message ?? 'is not valid';
}

/** The `$ref` to a shared definition, for route schemas. */
export const definitionRef = (name: DefinitionName) => ({ $ref: `${schemaDocuments.defs.$id}#/$defs/${name}` });

/** How long a password may be, for the auth library, the CLI's prompt and the storefront's inputs. */
export const PASSWORD_LENGTH = {
  min: schemaDocuments.defs.$defs.password.minLength,
  max: schemaDocuments.defs.$defs.password.maxLength,
} as const;
