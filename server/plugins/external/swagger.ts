/** OpenAPI 3.1 generated from the route schemas (which are the schema/ files), served at /api/docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import packageJson from '../../../package.json' with { type: 'json' };
import { schemaDocuments } from '../../../schema/documents';

export default fp(
  async (app) => {
    // The schema documents are shared schemas, so routes can $ref them and the docs list them.
    for (const document of Object.values(schemaDocuments)) app.addSchema(document);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: 'Backlot API', version: packageJson.version, description: 'The console’s API: tenants and their settings, links, colours, categories and history. Lists follow ra-data-simple-rest (range, sort, filter; Content-Range).' },
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'backlot.session_token' } } },
        security: [{ session: [] }],
      },
      // Components are named after the schema files: "site", "defs-tenantId", "categories-category" …
      refResolver: {
        buildLocalReference: (json, _baseUri, fragment, i) => {
          const id = (json as { $id?: string }).$id;
          const file = id ? id.split('/').pop()!.replace(/\.schema\.json$/, '') : `schema-${i}`;
          const definition = fragment ? fragment.split('/').pop() : undefined;
          return definition ? `${file}-${definition}` : file;
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'swagger', dependencies: ['helmet'] },
);
