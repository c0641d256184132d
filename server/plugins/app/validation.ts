/**
 * Route schemas are validated by the project's one Ajv instance (JSON Schema 2020-12), not by
 * Fastify's draft-07 default: unknown keys are errors, and input is never coerced or stripped.
 */
import fp from 'fastify-plugin';
import { getAjv } from '../../../schema/node/ajv';

export default fp(
  async (app) => {
    const ajv = getAjv();
    app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  },
  { name: 'validation' },
);
