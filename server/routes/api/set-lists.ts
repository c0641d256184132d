/**
 * A signed-in visitor's favourites and set lists on the storefront the Host names (the logic is
 * server/catalogue/set-lists.ts; a guest or a signed-out visitor gets 401, another visitor's list
 * 404):
 * - GET /api/favorites, PUT|DELETE /api/favorites/:objectID
 * - GET|POST /api/set-lists, GET|PATCH|DELETE /api/set-lists/:id
 * - PUT|DELETE /api/set-lists/:id/lines/:objectID  how many of an item (no more than its stock)
 * - POST|DELETE /api/set-lists/:id/share  the read-only link (/set-lists/shared/<token>), or none
 * Lists come back with their items as the catalogue has them now (`item: null` once an item is gone).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { schemaIds } from '../../../schema/documents';
import { itemSummary } from '../../../schema/catalogue-search';
import { setListSummary } from '../../../schema/set-list-views';
import type { SetListInput, SetListLineInput, UserProfile } from '../../../schema/types.generated';
import type { ListOwner } from '../../catalogue';
import { visitorHere } from './visitor-here';

const SIGN_IN = 'Log in on this storefront to keep favourites and set lists.';

const listId = { $ref: `${schemaIds.setList}#/$defs/id` } as const;
const objectID = { $ref: `${schemaIds.defs}#/$defs/catalogueItemId` } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: listId } } as const;
const lineParams = { type: 'object', required: ['id', 'objectID'], properties: { id: listId, objectID } } as const;
const itemParams = { type: 'object', required: ['objectID'], properties: { objectID } } as const;
const viewSchema = {
  type: 'object',
  required: ['id', 'name', 'lines'],
  additionalProperties: true,
  properties: { id: { type: 'string' }, name: { type: 'string' }, lines: { type: 'array' } },
} as const;
const favoritesSchema = {
  type: 'object',
  required: ['favorites', 'favoriteCount'],
  properties: { favorites: { type: 'array', items: { type: 'string' } }, favoriteCount: { type: 'integer' } },
} as const;
const signedOut = { 401: 'Nobody is signed in on this storefront' };
const unknown = { ...signedOut, 404: 'No such list of this visitor, or no such item in this catalogue' };

const setListRoutes: FastifyPluginAsync = async (app) => {
  const owner = async (request: FastifyRequest): Promise<ListOwner> => ({
    tenantId: request.tenantId,
    uid: (await visitorHere(app, request, SIGN_IN)).user.uid,
  });
  const favorites = (profile: UserProfile) => ({
    favorites: profile.favorites ?? [],
    favoriteCount: profile.stats?.favoriteCount ?? 0,
  });
  const tags = ['favourites and set lists'];

  app.get(
    '/api/favorites',
    {
      schema: { tags, summary: "The visitor's favourite items, newest first" },
      config: {
        docs: { success: { schema: { type: 'object', properties: { items: { type: 'array' } } } }, errors: signedOut },
      },
    },
    async (request) => {
      const { profile } = await visitorHere(app, request, SIGN_IN);
      const ids = profile.favorites ?? [];
      const items = new Map(
        (await app.catalogueItems.getMany(request.tenantId, ids)).map((item) => [item.objectID, itemSummary(item)]),
      );
      return { items: ids.flatMap((id) => items.get(id) ?? []) };
    },
  );
  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/favorites/:objectID',
      schema: {
        tags,
        summary: method === 'PUT' ? 'Favourite an item (again: no change)' : 'Stop favouriting an item',
        params: itemParams,
      },
      config: { docs: { success: { schema: favoritesSchema }, errors: unknown } },
      handler: async (request) =>
        favorites(
          await app.setLists.favorite(
            await owner(request),
            (request.params as { objectID: string }).objectID,
            method === 'PUT',
          ),
        ),
    });
  }

  app.get(
    '/api/set-lists',
    {
      schema: { tags, summary: "The visitor's set lists, most recently changed first" },
      config: {
        docs: {
          success: { schema: { type: 'object', properties: { setLists: { type: 'array' } } } },
          errors: signedOut,
        },
      },
    },
    async (request) => {
      const lists = await app.setLists.listsOf(await owner(request));
      const covers = new Map(
        (
          await app.catalogueItems.getMany(
            request.tenantId,
            lists.flatMap((list) => list.lines.slice(0, 1).map((line) => line.objectID)),
          )
        ).map((item) => [item.objectID, item.images?.[0]]),
      );
      const setLists = lists.map((list) => {
        const image = list.lines[0] && covers.get(list.lines[0].objectID);
        return setListSummary(
          list,
          image && {
            url: image.url,
            alt: image.alt,
            ...(image.width && { width: image.width }),
            ...(image.height && { height: image.height }),
          },
        );
      });
      return { setLists };
    },
  );
  app.post(
    '/api/set-lists',
    {
      schema: { tags, summary: 'Start a set list', body: { $ref: `${schemaIds.setList}#/$defs/setListInput` } },
      config: { docs: { success: { status: 201, schema: viewSchema }, errors: signedOut } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await app.setLists.view(await app.setLists.create(await owner(request), request.body as SetListInput))),
  );
  app.get(
    '/api/set-lists/:id',
    {
      schema: { tags, summary: 'One of the visitor’s set lists, with its items', params: idParams },
      config: { docs: { success: { schema: viewSchema }, errors: unknown } },
    },
    async (request) =>
      app.setLists.view(await app.setLists.own(await owner(request), (request.params as { id: string }).id)),
  );
  app.patch(
    '/api/set-lists/:id',
    {
      schema: {
        tags,
        summary: 'Rename a set list, or change its notes',
        params: idParams,
        body: { $ref: `${schemaIds.setList}#/$defs/setListInput` },
      },
      config: { docs: { success: { schema: viewSchema }, errors: unknown } },
    },
    async (request) =>
      app.setLists.view(
        await app.setLists.describe(
          await owner(request),
          (request.params as { id: string }).id,
          request.body as SetListInput,
        ),
      ),
  );
  app.delete(
    '/api/set-lists/:id',
    {
      schema: { tags, summary: 'Delete a set list (its share link stops working)', params: idParams },
      config: { docs: { success: { status: 204 }, errors: unknown } },
    },
    async (request, reply) => {
      await app.setLists.delete(await owner(request), (request.params as { id: string }).id);
      return reply.code(204).send();
    },
  );
  app.put(
    '/api/set-lists/:id/lines/:objectID',
    {
      schema: {
        tags,
        summary: 'Put an item on a set list, or change how many',
        params: lineParams,
        body: { $ref: `${schemaIds.setList}#/$defs/setListLineInput` },
      },
      config: { docs: { success: { schema: viewSchema }, errors: unknown } },
    },
    async (request) => {
      const { id, objectID } = request.params as { id: string; objectID: string };
      return app.setLists.view(
        await app.setLists.setLine(await owner(request), id, objectID, (request.body as SetListLineInput).quantity),
      );
    },
  );
  app.delete(
    '/api/set-lists/:id/lines/:objectID',
    {
      schema: { tags, summary: 'Take an item off a set list', params: lineParams },
      config: { docs: { success: { schema: viewSchema }, errors: unknown } },
    },
    async (request) => {
      const { id, objectID } = request.params as { id: string; objectID: string };
      return app.setLists.view(await app.setLists.removeLine(await owner(request), id, objectID));
    },
  );
  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/set-lists/:id/share',
      schema: {
        tags,
        summary:
          method === 'POST' ? 'Share a set list read-only by link' : 'Stop sharing: the link shows nothing from now on',
        params: idParams,
      },
      config: { docs: { success: { schema: viewSchema }, errors: unknown } },
      handler: async (request) => {
        const id = (request.params as { id: string }).id;
        const who = await owner(request);
        return app.setLists.view(
          await (method === 'POST' ? app.setLists.share(who, id) : app.setLists.unshare(who, id)),
        );
      },
    });
  }
};

export default setListRoutes;
