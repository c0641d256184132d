/**
 * Links: the header (plain links, the Rentals category dropdown, menus of links), the footer and
 * the social bar, one tab each. Each list is its own record (`links/headerLinks` …), saved
 * whole. Rows reorder by drag or keyboard; a target is picked from the storefront's pages and
 * categories or typed, and checked as it is typed.
 */
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useMemo } from 'react';
import { SimpleForm, useGetOne, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { itemSchema, propertySchema } from '../../schema/schema-walk';
import type { CategoryTree, ContentPages } from '../../schema/types.generated';
import { RecordEdit, RecordToolbar } from '../components/RecordEdit';
import { SortableList } from '../components/SortableList';
import { withoutEmptyValues, fieldsOf, type FieldSpec } from '../schema-form/fields';
import { siteList } from '../schema-form/list-schema';
import { ruleValidator } from '../schema-form/rule-validator';
import { SchemaInput } from '../schema-form/SchemaInput';
import { targetOptions, type TargetOption } from './link-targets';
import { LinkTargetInput } from './LinkTargetInput';

const LISTS = ['headerLinks', 'footerLinks', 'socialLinks'] as const;
export type LinkList = (typeof LISTS)[number];

const schemas = Object.fromEntries(LISTS.map((key) => [key, siteList(key)])) as Record<
  LinkList,
  ReturnType<typeof siteList>
>;
const rowFields = Object.fromEntries(LISTS.map((key) => [key, fieldsOf(schemas[key].row)])) as Record<
  LinkList,
  FieldSpec[]
>;
const childrenSchema = propertySchema(schemas.headerLinks.row, 'children')!;
const childFields = fieldsOf(itemSchema(childrenSchema)!);

interface RowContext {
  options: readonly TargetOption[];
  rules: Validator;
}

/** One link's inputs on one line (wrapping on a phone): text, target, then its switches. */
function LinkInputs({
  rowSource,
  fields,
  context,
}: {
  rowSource: string;
  fields: readonly FieldSpec[];
  context: RowContext;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'center' }}>
      {fields.map((field) => {
        if (field.source === 'target')
          return (
            <LinkTargetInput
              key={field.source}
              source={`${rowSource}.target`}
              field={field}
              options={context.options}
              extraValidators={[context.rules]}
            />
          );
        if (field.kind === 'boolean')
          return (
            <SchemaInput
              key={field.source}
              field={field}
              source={`${rowSource}.${field.source}`}
              size="small"
              hideHelp
            />
          );
        return (
          <Box key={field.source} sx={{ flex: '1 1 160px', minWidth: 0 }}>
            <SchemaInput
              field={field}
              source={`${rowSource}.${field.source}`}
              extraValidators={[context.rules]}
              size="small"
              hideHelp
            />
          </Box>
        );
      })}
    </Box>
  );
}

/** A header item's dropdown: the category dropdown, or its own links. */
function DropdownLinks({ rowSource, context }: { rowSource: string; context: RowContext }) {
  const categoryDropdown = useWatch({ name: `${rowSource}.categoryDropdown` }) as boolean | undefined;
  const children = (useWatch({ name: `${rowSource}.children` }) as unknown[] | undefined) ?? [];
  if (categoryDropdown && children.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
        Its dropdown lists the rental categories.
      </Typography>
    );
  }
  return (
    <Box sx={{ ml: { xs: 0, sm: 2 }, mt: children.length ? 1 : 0 }}>
      {children.length > 0 && (
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {childrenSchema.schema.title as string}
        </Typography>
      )}
      <SortableList
        source={`${rowSource}.children`}
        noun="dropdown link"
        max={childrenSchema.schema.maxItems as number}
        dense
        emptyText=""
        newRow={() => ({ label: '', target: '/' })}
        rowName={labelOf}
        renderRow={(childSource) => <LinkInputs rowSource={childSource} fields={childFields} context={context} />}
      />
    </Box>
  );
}

const labelOf = (row: Record<string, unknown>) =>
  typeof row.label === 'string' ? row.label : typeof row.network === 'string' ? row.network : '';

/** The rows of one link list, in a form whose `items` are that list. `tree` and `pages` give the category and content pages a link may point to. */
export function LinkListRows({
  list,
  tree,
  pages,
}: {
  list: LinkList;
  tree: CategoryTree | undefined;
  pages?: ContentPages['pages'];
}) {
  const translate = useTranslate();
  const schema = schemas[list];
  const context = useMemo<RowContext>(
    () => ({
      options: targetOptions(tree, pages),
      rules: ruleValidator({
        rules: ['link-target-resolves', 'unique-sibling-names'],
        listPointer: `/${list}`,
        rowInput: 'label',
        partsOf: (values) => ({
          site: { [list]: values.items } as never,
          ...(tree && { categories: { groups: tree.groups } }),
          ...(pages && { pages: { pages } }),
        }),
      }),
    }),
    [tree, pages, list],
  );
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {schema.description}
      </Typography>
      <SortableList
        source="items"
        noun={list === 'socialLinks' ? 'social link' : 'link'}
        max={schema.max}
        emptyText={translate('backlot.links.empty')}
        newRow={() => (list === 'socialLinks' ? { network: '', url: 'https://' } : { label: '', target: '/' })}
        rowName={labelOf}
        renderRow={(rowSource) => (
          <>
            <LinkInputs rowSource={rowSource} fields={rowFields[list]} context={context} />
            {list === 'headerLinks' && <DropdownLinks rowSource={rowSource} context={context} />}
          </>
        )}
      />
    </>
  );
}

export function LinksEdit() {
  const { tenantId = '', '*': rest = '' } = useParams();
  const translate = useTranslate();
  const list: LinkList = (LISTS as readonly string[]).includes(rest) ? (rest as LinkList) : 'headerLinks';
  // The category pages a link may point to; the links rule needs the tree too.
  const { data: tree } = useGetOne<CategoryTree & { id: string }>(`tenants/${tenantId}/categories`, { id: 'tree' });
  // The tenant's own pages, to offer and to check links against.
  const { data: pages } = useGetOne<{ id: string; items: ContentPages['pages'] }>(`tenants/${tenantId}/pages`, {
    id: 'pages',
  });
  return (
    <Box>
      <Tabs value={list} aria-label="Link lists" sx={{ mt: 1 }}>
        {LISTS.map((key) => (
          <Tab
            key={key}
            value={key}
            label={translate(`backlot.links.${key}`)}
            component={Link}
            to={`/t/${tenantId}/links/${key}`}
          />
        ))}
      </Tabs>
      <RecordEdit
        preview={{ path: '/' }}
        transform={withoutEmptyValues}
        key={list}
        resource={`tenants/${tenantId}/links`}
        id={list}
        title={translate('backlot.links.title', { tenant: tenantId })}
      >
        <SimpleForm toolbar={<RecordToolbar />} warnWhenUnsavedChanges mode="onChange">
          <LinkListRows list={list} tree={tree} pages={pages?.items} />
        </SimpleForm>
      </RecordEdit>
    </Box>
  );
}
