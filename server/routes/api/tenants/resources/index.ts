/** The console's per-tenant resources, each a view of part of the tenant with fixed record ids (see ../record-resource.ts). */
import type { FastifyPluginAsync } from 'fastify';
import { registerRecordResource, type RecordResource } from '../record-resource';
import { categories } from './categories';
import { pages } from './pages';
import { settings } from './settings';
import { colors, customFields, links } from './site-lists';
import { vendor } from './vendor';

export const RESOURCES: readonly RecordResource[] = [settings, vendor, colors, links, customFields, categories, pages];

const resources: FastifyPluginAsync = async (app) => {
  for (const resource of RESOURCES) registerRecordResource(app, resource);
};

export default resources;
