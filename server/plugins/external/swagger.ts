/**
 * OpenAPI 3.1 generated from the route schemas (which are the schema/ files), served at
 * /api/docs. Each operation's responses come from lib/api-docs.ts, derived from the route.
 *
 * The schema files reference each other by file name ("defs.schema.json#/$defs/label") and carry
 * `$id`s; inside `components.schemas` those would be unresolvable, so the finished document's
 * references are rewritten to components ("#/components/schemas/defs-label") and `$id`s dropped.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import packageJson from '../../../package.json' with { type: 'json' };
import { schemaDocuments } from '../../../schema/documents';
import { apiErrorSchema, documentedSchema } from '../../lib/api-docs';

/** "https://…/defs.schema.json#/$defs/label" or "defs.schema.json#/$defs/label" → "defs-label"; "site.schema.json" → "site". */
export function componentName(reference: string): string | undefined {
  const match = /(?:^|\/)([a-z-]+)\.schema\.json(?:#\/\$defs\/([A-Za-z0-9_-]+))?$/.exec(reference);
  if (!match) return undefined;
  return match[2] ? `${match[1]}-${match[2]}` : match[1];
}

/** Rewrites file references to component references and removes `$id`/`$schema`, in place. */
function localiseReferences(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(localiseReferences);
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  delete record.$id;
  delete record.$schema;
  if (typeof record.$ref === 'string' && !record.$ref.startsWith('#/')) {
    const name = componentName(record.$ref);
    if (name) record.$ref = `#/components/schemas/${name}`;
  }
  for (const value of Object.values(record)) localiseReferences(value);
}

export default fp(
  async (app) => {
    // The schema documents are shared schemas, so routes can $ref them and the docs list them.
    for (const document of Object.values(schemaDocuments)) app.addSchema(document);
    app.addSchema(apiErrorSchema);
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Backlot API',
          version: packageJson.version,
          description:
            'The console’s API: tenants and their settings, links, colours, categories and history. Lists follow ra-data-simple-rest (range, sort, filter; Content-Range). Writes send the version they are based on in If-Match.',
        },
        components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'backlot.session_token' } } },
        security: [{ session: [] }],
      },
      transform: ({ route, url }) => ({ schema: documentedSchema(route), url }),
      transformObject: (documents) => {
        const document = 'openapiObject' in documents ? documents.openapiObject : documents.swaggerObject;
        localiseReferences(document);
        return document;
      },
      // Components are named after the schema files: "site", "defs-tenantId", "categories-category" …
      refResolver: {
        buildLocalReference: (json, _baseUri, fragment, i) => {
          const id = (json as { $id?: string }).$id;
          const file = id
            ? id
                .split('/')
                .pop()!
                .replace(/\.schema\.json$/, '')
            : `schema-${i}`;
          const definition = fragment ? fragment.split('/').pop() : undefined;
          return definition ? `${file}-${definition}` : file;
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'swagger', dependencies: ['helmet'] },
);
