/**
 * Where the tenant-file validators come from: precompiled ones a caller supplies (the CLI ships
 * them, see node/standalone.ts), or else ones compiled by the runtime's Ajv (Node registers its
 * shared instance in node/ajv.ts; a browser bundle registers its own). No runtime imports, so
 * registering costs nothing at start-up.
 */
import type { ValidateFunction } from 'ajv';
import type { TenantPart } from './rules';

/** One validator per tenant file, and the catalogue file's (tenants/<id>/catalogue.json). */
export type PartValidators = Record<TenantPart | 'catalogue', ValidateFunction>;

let precompiled: (() => PartValidators) | undefined;
let compiler: (() => PartValidators) | undefined;
let resolved: PartValidators | undefined;

/** Supplies precompiled validators; undefined goes back to compiling them at run time. */
export function usePrecompiledValidators(load: (() => PartValidators) | undefined): void {
  precompiled = load;
  resolved = undefined;
}

/** How this runtime compiles the validators when none are precompiled. */
export function compileValidatorsWith(compile: () => PartValidators): void {
  compiler = compile;
  resolved = undefined;
}

/** The validators, resolved on first use: commands that never validate (such as --help) never pay for them. */
export function partValidators(): PartValidators {
  resolved ??= precompiled?.() ?? compiler?.();
  if (!resolved)
    throw new Error(
      'no tenant validators: import schema/node/ajv (Node) or call compileValidatorsWith (browser) first',
    );
  return resolved;
}
