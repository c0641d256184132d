/**
 * The console's per-tenant resources, each a view of part of the tenant:
 * - settings:   the site settings (one record, id "site"), without the lists edited elsewhere
 * - vendor:     the vendor (one record, id = the vendor id), weeklyDiscounts included
 * - colors:     colorMap entries (id = position)
 * - links:      header, footer and social links (id = "<kind>-<position>")
 * - categories: the category tree flattened (id = slug path, parentId, level, position)
 */
import type { FastifyPluginAsync } from 'fastify';
import { joinPointer } from '../../../../schema/json-source';
import type { CategoryTree, SiteSettings, Tenant } from '../../../../schema/types.generated';
import { copyFields, RecordNotFoundError, RecordRejectedError, registerCollection, setField, type CollectionResource, type RecordBody, type ResourceRecord } from './collection';

/** The site lists edited through their own resources, not through settings. */
const LIST_OWNERS = { colorMap: 'colors', headerLinks: 'links', footerLinks: 'links', socialLinks: 'links' } as const;

const settings: CollectionResource = {
  name: 'settings',
  summary: 'site settings (one record, id "site")',
  list: (tenant) => {
    const site: Record<string, unknown> = { ...tenant.site };
    for (const key of Object.keys(LIST_OWNERS)) delete site[key];
    return [{ id: 'site', ...site }];
  },
  update(tenant, id, body) {
    if (id !== 'site') throw new RecordNotFoundError('settings has one record, "site"');
    const data = copyFields(body);
    for (const [key, owner] of Object.entries(LIST_OWNERS)) {
      if (Object.hasOwn(data, key)) throw new RecordRejectedError(key, `${key} is edited through the ${owner} resource`);
      if (tenant.site[key as keyof SiteSettings] !== undefined) setField(data, key, tenant.site[key as keyof SiteSettings]);
    }
    return { tenant: { ...tenant, site: data as unknown as SiteSettings }, id };
  },
  pointerOf: () => '/site',
};

/** The vendor's own `id` (its tenant id) is also its record id, and stays data when written. */
const vendor: CollectionResource = {
  name: 'vendor',
  summary: 'the vendor (one record, whose id is the vendor id)',
  list: (tenant) => [{ ...tenant.vendor }],
  update(tenant, id, body) {
    if (id !== tenant.vendor.id) throw new RecordNotFoundError(`vendor has one record, ${JSON.stringify(tenant.vendor.id)}`);
    const data = copyFields(body, []);
    return { tenant: { ...tenant, vendor: data as unknown as Tenant['vendor'] }, id: String(data.id ?? id) };
  },
  pointerOf: () => '/vendor',
};

/** A position from the body: a whole number within the list, or the end. */
function positionFrom(body: RecordBody, length: number, fallback: number): number {
  const position = body.position;
  if (position === undefined) return fallback;
  if (!Number.isInteger(position) || (position as number) < 0) throw new RecordRejectedError('position', 'must be a whole number from 0');
  return Math.min(position as number, length);
}

function moveTo<T>(list: T[], from: number, to: number, item: T): T[] {
  const rest = list.filter((_, i) => i !== from);
  rest.splice(Math.min(to, rest.length), 0, item);
  return rest;
}

const colors: CollectionResource = {
  name: 'colors',
  summary: 'colour facet entries',
  list: (tenant) => (tenant.site.colorMap ?? []).map((entry, position) => ({ id: String(position), position, ...entry })),
  create(tenant, body) {
    const list = [...(tenant.site.colorMap ?? [])];
    const position = positionFrom(body, list.length, list.length);
    list.splice(position, 0, copyFields(body, ['id', 'position']) as never);
    return { tenant: { ...tenant, site: { ...tenant.site, colorMap: list } }, id: String(position) };
  },
  update(tenant, id, body) {
    const list = tenant.site.colorMap ?? [];
    const index = Number(id);
    if (!Number.isInteger(index) || !list[index]) throw new RecordNotFoundError(`colors has no record ${JSON.stringify(id)}`);
    const position = positionFrom(body, list.length - 1, index);
    const colorMap = moveTo(list, index, position, copyFields(body, ['id', 'position']) as never);
    return { tenant: { ...tenant, site: { ...tenant.site, colorMap } }, id: String(position) };
  },
  remove(tenant, id) {
    const list = tenant.site.colorMap ?? [];
    return { ...tenant, site: { ...tenant.site, colorMap: list.filter((_, i) => String(i) !== id) } };
  },
  pointerOf: (_tenant, id) => joinPointer('/site/colorMap', id),
};

const LINK_LISTS = { header: 'headerLinks', footer: 'footerLinks', social: 'socialLinks' } as const;
type LinkKind = keyof typeof LINK_LISTS;

function parseLinkId(id: string): { kind: LinkKind; index: number } | undefined {
  const match = /^(header|footer|social)-(\d+)$/.exec(id);
  return match ? { kind: match[1] as LinkKind, index: Number(match[2]) } : undefined;
}

const links: CollectionResource = {
  name: 'links',
  summary: 'header, footer and social links',
  list: (tenant) =>
    (Object.entries(LINK_LISTS) as Array<[LinkKind, (typeof LINK_LISTS)[LinkKind]]>).flatMap(([kind, key]) =>
      ((tenant.site[key] ?? []) as object[]).map((link, position) => ({ id: `${kind}-${position}`, kind, position, ...link })),
    ),
  create(tenant, body) {
    const kind = body.kind as LinkKind;
    if (!Object.hasOwn(LINK_LISTS, String(kind))) throw new RecordRejectedError('kind', 'must be one of "header", "footer", "social"');
    const key = LINK_LISTS[kind];
    const list = [...((tenant.site[key] ?? []) as object[])];
    const position = positionFrom(body, list.length, list.length);
    list.splice(position, 0, copyFields(body, ['id', 'kind', 'position']));
    return { tenant: { ...tenant, site: { ...tenant.site, [key]: list } }, id: `${kind}-${position}` };
  },
  update(tenant, id, body) {
    const parsed = parseLinkId(id);
    const key = parsed && LINK_LISTS[parsed.kind];
    const list = key ? ((tenant.site[key] ?? []) as object[]) : [];
    if (!parsed || !key || !list[parsed.index]) throw new RecordNotFoundError(`links has no record ${JSON.stringify(id)}`);
    if (body.kind !== undefined && body.kind !== parsed.kind) throw new RecordRejectedError('kind', 'a link cannot change kind; delete it and add it to the other list');
    const position = positionFrom(body, list.length - 1, parsed.index);
    const moved = moveTo(list, parsed.index, position, copyFields(body, ['id', 'kind', 'position']));
    return { tenant: { ...tenant, site: { ...tenant.site, [key]: moved } }, id: `${parsed.kind}-${position}` };
  },
  remove(tenant, id) {
    const parsed = parseLinkId(id)!;
    const key = LINK_LISTS[parsed.kind];
    return { ...tenant, site: { ...tenant.site, [key]: ((tenant.site[key] ?? []) as object[]).filter((_, i) => i !== parsed.index) } };
  },
  pointerOf: (_tenant, id) => {
    const parsed = parseLinkId(id);
    return parsed && joinPointer('/site', LINK_LISTS[parsed.kind], parsed.index);
  },
};

type Level = 'group' | 'category' | 'subcategory';
interface CategoryNode {
  record: ResourceRecord;
  pointer: string;
  /** The list holding the node, and its index there. */
  list: Array<Record<string, unknown>>;
  index: number;
}

/** Every node of the tree with its record, pointer and place, in display order. */
function categoryNodes(tree: CategoryTree): CategoryNode[] {
  const nodes: CategoryNode[] = [];
  const visit = (list: Array<Record<string, unknown>>, level: Level, parentId: string | null, pointer: string) => {
    list.forEach((node, position) => {
      const id = parentId ? `${parentId}/${String(node.slug)}` : String(node.slug);
      const { categories: _c, subcategories: _s, ...fields } = node;
      const nodePointer = joinPointer(pointer, position);
      nodes.push({ record: { id, parentId, level, position, ...fields }, pointer: nodePointer, list, index: position });
      if (level === 'group') visit((node.categories ?? []) as Array<Record<string, unknown>>, 'category', id, joinPointer(nodePointer, 'categories'));
      if (level === 'category') visit((node.subcategories ?? []) as Array<Record<string, unknown>>, 'subcategory', id, joinPointer(nodePointer, 'subcategories'));
    });
  };
  visit(tree.groups as unknown as Array<Record<string, unknown>>, 'group', null, '/categories/groups');
  return nodes;
}

const CHILDREN: Record<Level, string | undefined> = { group: 'categories', category: 'subcategories', subcategory: undefined };
const CHILD_LEVEL: Record<string, Level> = { group: 'category', category: 'subcategory' };

const categories: CollectionResource = {
  name: 'categories',
  summary: 'the category tree, flattened (id is the slug path; parentId, level and position place it)',
  list: (tenant) => categoryNodes(tenant.categories).map((node) => node.record),
  create(tenant, body) {
    const parentId = body.parentId ?? null;
    let list: Array<Record<string, unknown>>;
    let level: Level = 'group';
    if (parentId === null) list = tenant.categories.groups as unknown as Array<Record<string, unknown>>;
    else {
      const parent = categoryNodes(tenant.categories).find((node) => node.record.id === parentId);
      const childKey = parent && CHILDREN[parent.record.level as Level];
      if (!parent || !childKey) throw new RecordRejectedError('parentId', parent ? 'subcategories cannot have children' : `no category ${JSON.stringify(parentId)}`);
      const holder = parent.list[parent.index]!;
      holder[childKey] ??= [];
      list = holder[childKey] as Array<Record<string, unknown>>;
      level = CHILD_LEVEL[parent.record.level as string]!;
    }
    const position = positionFrom(body, list.length, list.length);
    const node = copyFields(body, ['id', 'parentId', 'level', 'position']);
    if (level === 'group') node.categories ??= [];
    list.splice(position, 0, node);
    return { tenant, id: parentId ? `${String(parentId)}/${String(node.slug)}` : String(node.slug) };
  },
  update(tenant, id, body) {
    const node = categoryNodes(tenant.categories).find((n) => n.record.id === id);
    if (!node) throw new RecordNotFoundError(`categories has no record ${JSON.stringify(id)}`);
    if (body.parentId !== undefined && body.parentId !== node.record.parentId) throw new RecordRejectedError('parentId', 'moving to another parent is not supported; add it there and delete it here');
    const existing = node.list[node.index]!;
    const childKey = CHILDREN[node.record.level as Level];
    const updated = copyFields(body, ['id', 'parentId', 'level', 'position']);
    if (childKey && existing[childKey] !== undefined) updated[childKey] = existing[childKey];
    const position = positionFrom(body, node.list.length - 1, node.index);
    const reordered = moveTo(node.list, node.index, position, updated);
    node.list.splice(0, node.list.length, ...reordered);
    const parentId = node.record.parentId as string | null;
    return { tenant, id: parentId ? `${parentId}/${String(updated.slug)}` : String(updated.slug) };
  },
  remove(tenant, id) {
    const node = categoryNodes(tenant.categories).find((n) => n.record.id === id);
    if (!node) throw new RecordNotFoundError(`categories has no record ${JSON.stringify(id)}`);
    node.list.splice(node.index, 1);
    return tenant;
  },
  pointerOf: (tenant, id) => categoryNodes(tenant.categories).find((n) => n.record.id === id)?.pointer,
};

export const RESOURCES: readonly CollectionResource[] = [settings, vendor, colors, links, categories];

const resources: FastifyPluginAsync = async (app) => {
  for (const resource of RESOURCES) registerCollection(app, resource);
};

export default resources;
