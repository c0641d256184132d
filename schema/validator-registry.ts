/**
 * Where the tenant-file validators come from: precompiled ones a caller supplies (the CLI ships
 * them, see standalone.ts), or else ones compiled from the shared Ajv instance. Kept apart from
 * the loader, with no runtime imports, so registering costs nothing at start-up.
 */
import type { ValidateFunction } from 'ajv';
import type { TenantPart } from './rules';

export type PartValidators = Record<TenantPart, ValidateFunction>;

let precompiled: (() => PartValidators) | undefined;
let resolved: PartValidators | undefined;

/** Supplies precompiled validators; undefined goes back to compiling them at run time. */
export function usePrecompiledValidators(load: (() => PartValidators) | undefined): void {
  precompiled = load;
  resolved = undefined;
}

/** The validators, resolved on first use: commands that never validate (such as --help) never pay for them. */
export function partValidators(compile: () => PartValidators): PartValidators {
  return (resolved ??= precompiled?.() ?? compile());
}
