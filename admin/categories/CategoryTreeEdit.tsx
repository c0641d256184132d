/**
 * The category tree as a tree: groups → categories → subcategories, each level a sortable list
 * (drag or keyboard) inside its parent, collapsed to a summary until opened. Names and slugs
 * side by side (a new entry's slug follows its name), GL codes inline on every level, the
 * Service group's too; "Move to …" takes an entry to another parent. Removing an entry that
 * holds others asks first, saying what goes with it. The tree is one record (`categories/tree`),
 * saved whole; the rules (unique names and slugs among siblings, a GL code for every service
 * entry) are checked as you type.
 */
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { SimpleForm, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { rulesSaid, type InspectionRule } from '../../schema/rental/inspections';
import { itemSchema, propertySchema, rootSchema, type Located } from '../../schema/schema-walk';
import { Expandable } from '../components/Expandable';
import { NameSlugInputs } from '../components/NameSlugInputs';
import { RecordEdit, RecordToolbar } from '../components/RecordEdit';
import { SortableList } from '../components/SortableList';
import { fieldsOf, withoutEmptyValues, type FieldSpec } from '../schema-form/fields';
import { ruleValidator } from '../schema-form/rule-validator';
import { SchemaInput } from '../schema-form/SchemaInput';
import { InspectionRows } from '../items/InspectionInputs';
import { MoveToMenu, type MoveTarget } from './MoveToMenu';
import { contentsOf, removalQuestion } from './tree-summary';
import { TreeSaveButton } from './TreeSaveButton';

const tree = rootSchema('categories');
const groupsSchema = propertySchema(tree, 'groups')!;
const groupSchema = itemSchema(groupsSchema)!;
const categoriesSchema = propertySchema(groupSchema, 'categories')!;
const categorySchema = itemSchema(categoriesSchema)!;
const subcategoriesSchema = propertySchema(categorySchema, 'subcategories')!;
const subcategorySchema = itemSchema(subcategoriesSchema)!;

const inputsOf = (schema: Located) =>
  Object.fromEntries(fieldsOf(schema).map((field) => [field.source, field])) as Record<string, FieldSpec>;
const groupInputs = inputsOf(groupSchema);
const categoryInputs = inputsOf(categorySchema);
const subcategoryInputs = inputsOf(subcategorySchema);
/** What each level's tests are for, as its schema says (an array, so not among its inputs). */
const testsHelpOf = (schema: Located) => propertySchema(schema, 'inspections')?.schema.description as string;
const testsHelp = new Map([
  [groupInputs, testsHelpOf(groupSchema)],
  [categoryInputs, testsHelpOf(categorySchema)],
  [subcategoryInputs, testsHelpOf(subcategorySchema)],
]);

const rules = ruleValidator({
  rules: ['unique-sibling-names', 'service-gl-codes'],
  listPointer: '/groups',
  formList: 'groups',
  rowInput: 'glCode',
  partsOf: (values) => ({ categories: { groups: values.groups } as never }),
});
const nameOf = (row: Record<string, unknown>) => (typeof row.name === 'string' ? row.name : '');

function GlCodeInput({ rowSource, field }: { rowSource: string; field: FieldSpec }) {
  return (
    <Box sx={{ flex: '0 1 150px', minWidth: 96 }}>
      <SchemaInput field={field} source={`${rowSource}.glCode`} extraValidators={[rules]} size="small" hideHelp />
    </Box>
  );
}

/** The entry's card picture on the storefront (one of the tenant's images) and its description, beside its name. */
function PictureInputs({ rowSource, inputs }: { rowSource: string; inputs: Record<string, FieldSpec> }) {
  const url = useWatch({ name: `${rowSource}.image.url` }) as string | undefined;
  // Service groups (and what they hold) are never browsed: no card, no picture.
  const group = useWatch({ name: rowSource.split('.').slice(0, 2).join('.') }) as { kind?: string } | undefined;
  if (group?.kind === 'service' && !url) return null;
  return (
    <>
      <Box sx={{ flex: '2 1 240px', minWidth: 0 }}>
        <SchemaInput field={inputs['image.url']!} source={`${rowSource}.image.url`} size="small" hideHelp />
      </Box>
      <Box sx={{ flex: '2 1 200px', minWidth: 0 }}>
        <SchemaInput field={inputs['image.alt']!} source={`${rowSource}.image.alt`} size="small" hideHelp />
      </Box>
    </>
  );
}

function EntryLine({
  rowSource,
  inputs,
  children,
}: {
  rowSource: string;
  inputs: Record<string, FieldSpec>;
  children?: ReactNode;
}) {
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '3 1 240px', minWidth: 0 }}>
          <NameSlugInputs rowSource={rowSource} name={inputs.name!} slug={inputs.slug!} extraValidators={[rules]} />
        </Box>
        <GlCodeInput rowSource={rowSource} field={inputs.glCode!} />
        {children}
        <PictureInputs rowSource={rowSource} inputs={inputs} />
      </Box>
      <CategoryTests rowSource={rowSource} help={testsHelp.get(inputs)} />
    </>
  );
}

/** The tests every unit-tracked item under this entry must pass (a PAT for every practical lamp), opened from a summary line. */
function CategoryTests({ rowSource, help }: { rowSource: string; help: string | undefined }) {
  const row = (useWatch({ name: rowSource }) as { name?: string; inspections?: InspectionRule[] } | undefined) ?? {};
  // Service groups (and what they hold) carry ledger codes, not stock: nothing to test.
  const group = useWatch({ name: rowSource.split('.').slice(0, 2).join('.') }) as { kind?: string } | undefined;
  const said = rulesSaid(row.inspections);
  if (group?.kind === 'service' && !row.inspections?.length) return null;
  return (
    <Expandable
      label={`the tests for every item in ${row.name || 'this entry'}`}
      summary={said ? `Tests for every item: ${said}` : 'No tests for every item'}
      errorPath={`${rowSource}.inspections`}
    >
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 720 }}>
        {help}
      </Typography>
      <InspectionRows source={`${rowSource}.inspections`} />
    </Expandable>
  );
}

/** Every list of one level, for "Move to …": each group's categories, or each category's subcategories. */
function useMoveTargets(level: 'categories' | 'subcategories'): MoveTarget[] {
  const groups =
    (useWatch({ name: 'groups' }) as Array<{ name?: string; categories?: Array<{ name?: string }> }> | undefined) ?? [];
  if (level === 'categories')
    return groups.map((group, g) => ({ list: `groups.${g}.categories`, label: group.name || `Group ${g + 1}` }));
  return groups.flatMap((group, g) =>
    (group.categories ?? []).map((category, c) => ({
      list: `groups.${g}.categories.${c}.subcategories`,
      label: `${group.name} › ${category.name}`,
    })),
  );
}

function Subcategories({ categorySource }: { categorySource: string }) {
  const targets = useMoveTargets('subcategories');
  return (
    <SortableList
      source={`${categorySource}.subcategories`}
      noun="subcategory"
      dense
      max={subcategoriesSchema.schema.maxItems as number}
      emptyText=""
      newRow={() => ({ name: '', slug: '' })}
      rowName={nameOf}
      rowActions={(rowSource) => (
        <MoveToMenu rowSource={rowSource} noun="subcategory" parentNoun="category" targets={targets} />
      )}
      renderRow={(rowSource) => <EntryLine rowSource={rowSource} inputs={subcategoryInputs} />}
    />
  );
}

function Categories({ groupSource }: { groupSource: string }) {
  const targets = useMoveTargets('categories');
  return (
    <SortableList
      source={`${groupSource}.categories`}
      noun="category"
      dense
      max={categoriesSchema.schema.maxItems as number}
      emptyText=""
      newRow={() => ({ name: '', slug: '', subcategories: [] })}
      rowName={nameOf}
      confirmRemove={removalQuestion}
      rowActions={(rowSource) => (
        <MoveToMenu rowSource={rowSource} noun="category" parentNoun="group" targets={targets} />
      )}
      renderRow={(rowSource) => (
        <>
          <EntryLine rowSource={rowSource} inputs={categoryInputs} />
          <Summary rowSource={rowSource} what="subcategories">
            <Subcategories categorySource={rowSource} />
          </Summary>
        </>
      )}
    />
  );
}

/** The summary line of a row that holds a level, opening onto it. */
function Summary({
  rowSource,
  what,
  children,
}: {
  rowSource: string;
  what: 'categories' | 'subcategories';
  children: ReactNode;
}) {
  const row = (useWatch({ name: rowSource }) as Record<string, unknown> | undefined) ?? {};
  return (
    <Expandable
      label={`the ${what} of ${nameOf(row) || 'this entry'}`}
      summary={contentsOf(row) || `No ${what} yet`}
      errorPath={`${rowSource}.${what}`}
    >
      {children}
    </Expandable>
  );
}

/** The tree's groups, in a form holding the categories record (`groups`). */
export function CategoryTreeRows() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {translate('backlot.categories.intro')} {groupInputs.glCode!.help} {translate('backlot.categories.pictureHelp')}
      </Typography>
      <SortableList
        source="groups"
        noun="group"
        max={groupsSchema.schema.maxItems as number}
        emptyText={translate('backlot.categories.empty')}
        newRow={() => ({ name: '', slug: '', categories: [] })}
        rowName={nameOf}
        confirmRemove={removalQuestion}
        renderRow={(rowSource) => (
          <>
            <EntryLine rowSource={rowSource} inputs={groupInputs}>
              <Box sx={{ flex: '0 1 250px', minWidth: 160 }}>
                <SchemaInput
                  field={{ ...groupInputs.kind!, kind: 'select' }}
                  source={`${rowSource}.kind`}
                  size="small"
                  hideHelp
                />
              </Box>
            </EntryLine>
            <Summary rowSource={rowSource} what="categories">
              <Categories groupSource={rowSource} />
            </Summary>
          </>
        )}
      />
    </>
  );
}

export function CategoryTreeEdit() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  return (
    <RecordEdit
      preview={{ path: '/categories' }}
      resource={`tenants/${tenantId}/categories`}
      id="tree"
      transform={withoutEmptyValues}
      title={translate('backlot.categories.title', { tenant: tenantId })}
    >
      <SimpleForm toolbar={<RecordToolbar save={<TreeSaveButton />} />} warnWhenUnsavedChanges mode="onChange">
        <CategoryTreeRows />
      </SimpleForm>
    </RecordEdit>
  );
}
