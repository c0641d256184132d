/**
 * Route schemas are validated by the project's one Ajv instance (JSON Schema 2020-12), not by
 * Fastify's draft-07 default: unknown keys are errors, and input is never coerced or stripped.
 *
 * Each route's validator is compiled on its first request, not at start: compiling every route's
 * schemas took about a second of a start's CPU (Ajv's code generation), most of it for routes a
 * given server or test never serves. `app.compileRouteValidators()` compiles every one now (the
 * route schemas test does, so a schema Ajv refuses still fails before it ships).
 */
import type { ValidateFunction } from 'ajv';
import fp from 'fastify-plugin';
import { getAjv } from '../../../schema/node/ajv';

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles every route's validator not yet compiled, and says how many routes' there are. */
    compileRouteValidators(): number;
  }
}

interface LazyValidator {
  validate: ValidateFunction;
  compile(): ValidateFunction;
}

/** A validator that compiles `schema` when first called; Fastify reads its `errors` after each call. */
function compiledOnFirstUse(schema: object): LazyValidator {
  let compiled: ValidateFunction | undefined;
  const compile = () => (compiled ??= getAjv().compile(schema));
  const validate = ((data: unknown) => {
    const check = compile();
    const valid = check(data);
    validate.errors = check.errors;
    return valid;
  }) as ValidateFunction;
  return { validate, compile };
}

export default fp(
  async (app) => {
    const validators: LazyValidator[] = [];
    app.setValidatorCompiler(({ schema }) => {
      const validator = compiledOnFirstUse(schema);
      validators.push(validator);
      return validator.validate;
    });
    app.decorate('compileRouteValidators', () => {
      for (const validator of validators) validator.compile();
      return validators.length;
    });
  },
  { name: 'validation' },
);
