/**
 * Content pages: one per content route of the storefront (about us, credits, FAQs …), each a
 * title, a search description and a Markdown body, edited beside the storefront's own rendering
 * of it (the live preview, with the unsaved text). The pages are one record (`pages/pages`),
 * saved whole. A route without a page shows visitors a tasteful empty state until one is written.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useState } from 'react';
import { SimpleForm, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { STOREFRONT_ROUTES } from '../../schema/routes';
import { itemSchema, propertySchema, rootSchema } from '../../schema/schema-walk';
import { RecordEdit, RecordToolbar } from '../components/RecordEdit';
import { PreviewPane } from '../preview/PreviewPane';
import { fieldsOf, withoutEmptyValues } from '../schema-form/fields';
import { SchemaInput } from '../schema-form/SchemaInput';

const CONTENT_ROUTES = STOREFRONT_ROUTES.filter((route) => route.kind === 'content');
const pageFields = fieldsOf(itemSchema(propertySchema(rootSchema('pages'), 'pages')!)!).filter((field) => field.source !== 'path');
const body = pageFields.find((field) => field.source === 'body')!;

interface PageValue {
  path: string;
  title?: string;
}

/** The pages of a form whose `items` are the pages list: routes on the left, the chosen page beside its preview. */
export function PageRows({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const { control } = useFormContext();
  const { append, remove } = useFieldArray({ control, name: 'items' });
  const pages = (useWatch({ name: 'items' }) as PageValue[] | undefined) ?? [];
  const [path, setPath] = useState(CONTENT_ROUTES[0]!.path);
  const index = pages.findIndex((page) => page.path === path);
  const route = CONTENT_ROUTES.find((candidate) => candidate.path === path)!;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '220px minmax(0, 1fr)', xl: '220px minmax(0, 1fr) minmax(0, 1fr)' }, gap: 2, width: '100%' }}>
      <nav aria-label={translate('backlot.pages.routes')}>
        <List dense disablePadding component="div">
          {CONTENT_ROUTES.map((candidate) => {
            const page = pages.find((entry) => entry.path === candidate.path);
            return (
              <ListItemButton key={candidate.path} selected={candidate.path === path} aria-current={candidate.path === path ? 'page' : undefined} onClick={() => setPath(candidate.path)}>
                <ListItemText primary={page?.title || candidate.purpose} secondary={page ? candidate.path : `${candidate.path} · ${translate('backlot.pages.none')}`} />
              </ListItemButton>
            );
          })}
        </List>
      </nav>
      <Box sx={{ minWidth: 0 }}>
        {index === -1 ? (
          <Box sx={{ py: 2 }}>
            <Typography sx={{ mb: 2 }}>{translate('backlot.pages.empty', { route: route.purpose, path })}</Typography>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => append({ path, title: route.purpose, body: '' })}>
              {translate('backlot.pages.create')}
            </Button>
          </Box>
        ) : (
          <Box key={path}>
            {pageFields.map((field) =>
              field === body ? (
                <SchemaInput key={field.source} field={{ ...field, kind: 'textarea' }} source={`items.${index}.body`} markdown />
              ) : (
                <SchemaInput key={field.source} field={field} source={`items.${index}.${field.source}`} />
              ),
            )}
            <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={() => remove(index)}>
              {translate('backlot.pages.remove')}
            </Button>
          </Box>
        )}
      </Box>
      <Box sx={{ minWidth: 0, height: { xs: 520, xl: 'calc(100vh - 220px)' }, gridColumn: { md: '1 / -1', xl: 'auto' } }}>
        <PreviewPane target={{ tenantId, resource: 'pages', id: 'pages', path, transform: withoutEmptyValues }} />
      </Box>
    </Box>
  );
}

export function PagesEdit() {
  const { tenantId = '' } = useParams();
  const translate = useTranslate();
  return (
    <RecordEdit resource={`tenants/${tenantId}/pages`} id="pages" transform={withoutEmptyValues} title={translate('backlot.pages.title', { tenant: tenantId })}>
      <SimpleForm toolbar={<RecordToolbar />} warnWhenUnsavedChanges sx={{ maxWidth: 'none' }}>
        <PageRows tenantId={tenantId} />
      </SimpleForm>
    </RecordEdit>
  );
}
