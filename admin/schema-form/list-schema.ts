/** The schemas of the site's lists, and of their rows, from the one site schema. */
import { itemSchema, propertySchema, rootSchema, type Located } from '../../schema/schema-walk';

const site = rootSchema('site');

/** The schema of a site list (`colorMap`, `headerLinks` …) and of one of its rows. */
export function siteList(key: string): {
  list: Located;
  row: Located;
  title: string;
  description?: string;
  max?: number;
} {
  const list = propertySchema(site, key);
  const row = list && itemSchema(list);
  if (!list || !row) throw new Error(`site.schema.json has no list ${key}`);
  return {
    list,
    row,
    title: list.schema.title as string,
    description: list.schema.description as string | undefined,
    max: list.schema.maxItems as number | undefined,
  };
}
