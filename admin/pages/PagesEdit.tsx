/**
 * Content pages: the tenant's own (about us, credits, FAQs …), each an address, a title, a search
 * description and a Markdown body, edited beside the storefront's own rendering of it (the live
 * preview, with the unsaved text). Pages are added, renamed (their address too) and removed here;
 * links in the header and footer may point at them (a removal a link still uses is refused on
 * save, saying which). The pages are one record (`pages/pages`), saved whole.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { SimpleForm, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { contentPathProblem } from '../../schema/routes';
import { itemSchema, propertySchema, rootSchema } from '../../schema/schema-walk';
import { RecordEdit, RecordToolbar } from '../components/RecordEdit';
import { PreviewPane } from '../preview/PreviewPane';
import { fieldsOf, withoutEmptyValues } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';

const pagesSchema = propertySchema(rootSchema('pages'), 'pages')!;
const pageFields = fieldsOf(itemSchema(pagesSchema)!);
const body = pageFields.find((field) => field.source === 'body')!;
const path = pageFields.find((field) => field.source === 'path')!;
const MAX_PAGES = pagesSchema.schema.maxItems as number;

interface PageValue {
  path: string;
  title?: string;
  body?: string;
}

/** An address a content page may take, and no other page has. */
const addressValidator = (value: unknown, values: { items?: PageValue[] }) => {
  if (typeof value !== 'string' || !value) return undefined;
  const problem = contentPathProblem(value);
  if (problem) return problem;
  return (values.items ?? []).filter((page) => page.path === value).length > 1
    ? 'another page has this address'
    : undefined;
};

/** A free address for a new page: /pages/new-page, /pages/new-page-2 … */
const freeAddress = (pages: PageValue[]) => {
  for (let n = 1; ; n++) {
    const candidate = `/pages/new-page${n === 1 ? '' : `-${n}`}`;
    if (!pages.some((page) => page.path === candidate)) return candidate;
  }
};

/** The pages of a form whose `items` are the pages list: the pages on the left, the chosen one beside its preview. */
export function PageRows({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const { control } = useFormContext();
  const { append, remove } = useFieldArray({ control, name: 'items' });
  const pages = (useWatch({ name: 'items' }) as PageValue[] | undefined) ?? [];
  const [chosen, setChosen] = useState(0);
  const index = Math.min(chosen, pages.length - 1);
  const page = pages[index];
  const add = () => {
    append({ path: freeAddress(pages), title: translate('backlot.pages.newTitle'), body: '' });
    setChosen(pages.length);
  };
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '240px minmax(0, 1fr)', xl: '240px minmax(0, 1fr) minmax(0, 1fr)' },
        gap: 2,
        width: '100%',
      }}
    >
      <nav aria-label={translate('backlot.pages.routes')}>
        <List dense disablePadding component="div">
          {pages.map((entry, i) => (
            <ListItemButton
              key={i}
              selected={i === index}
              aria-current={i === index ? 'page' : undefined}
              onClick={() => setChosen(i)}
            >
              <ListItemText
                primary={entry.title || entry.path}
                secondary={entry.body ? entry.path : `${entry.path} · ${translate('backlot.pages.none')}`}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          ))}
        </List>
        <Button startIcon={<AddIcon />} onClick={add} disabled={pages.length >= MAX_PAGES} sx={{ mt: 1 }}>
          {translate('backlot.pages.add')}
        </Button>
      </nav>
      <Box sx={{ minWidth: 0 }}>
        {!page ? (
          <Typography sx={{ py: 2 }}>{translate('backlot.pages.noPages')}</Typography>
        ) : (
          <Box key={index}>
            {pageFields.map((field) =>
              field === body ? (
                <SchemaInput
                  key={field.source}
                  field={{ ...field, kind: 'textarea' }}
                  source={`items.${index}.body`}
                  markdown
                />
              ) : (
                <SchemaInput
                  key={field.source}
                  field={field}
                  source={`items.${index}.${field.source}`}
                  extraValidators={field === path ? [addressValidator] : []}
                />
              ),
            )}
            {!page.body && (
              <Typography sx={{ mb: 1 }} color="text.secondary">
                {translate('backlot.pages.empty')}
              </Typography>
            )}
            <Button
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => (remove(index), setChosen(Math.max(0, index - 1)))}
            >
              {translate('backlot.pages.remove')}
            </Button>
          </Box>
        )}
      </Box>
      <Box
        sx={{ minWidth: 0, height: { xs: 520, xl: 'calc(100vh - 220px)' }, gridColumn: { md: '1 / -1', xl: 'auto' } }}
      >
        {page && !contentPathProblem(page.path) && (
          <PreviewPane
            target={{ tenantId, resource: 'pages', id: 'pages', path: page.path, transform: withoutEmptyValues }}
          />
        )}
      </Box>
    </Box>
  );
}

export function PagesEdit() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  return (
    <RecordEdit
      resource={`tenants/${tenantId}/pages`}
      id="pages"
      transform={withoutEmptyValues}
      title={translate('backlot.pages.title', { tenant: tenantId })}
    >
      <SimpleForm toolbar={<RecordToolbar />} warnWhenUnsavedChanges sx={{ maxWidth: 'none' }}>
        <PageRows tenantId={tenantId} />
      </SimpleForm>
    </RecordEdit>
  );
}
