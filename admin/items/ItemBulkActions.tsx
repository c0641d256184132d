/**
 * What a tenant admin does to several selected items at once: add a tag, remove a tag, or move them
 * to another category (POST items/bulk: all of them change, or none when one would be refused).
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { useTenantChoices } from './useTenantChoices';

type Action = 'addTag' | 'removeTag' | 'move';

const slug = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export function ItemBulkActions({ tenantId }: { tenantId: string }) {
  const translate = useTranslate();
  const { selectedIds, resource } = useListContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(resource);
  const { groups } = useTenantChoices(tenantId);
  const [action, setAction] = useState<Action>();
  const [tag, setTag] = useState('');
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);

  const categoryChoices = groups.flatMap((group) =>
    group.categories.map((category) => ({
      id: `${group.slug}/${category.slug}`,
      name: `${group.name} › ${category.name}`,
    })),
  );
  const close = () => {
    setAction(undefined);
    setTag('');
    setTarget('');
  };
  const apply = async () => {
    const [group, category] = target.split('/');
    const change =
      action === 'move'
        ? { category: { group, category } }
        : { [action === 'addTag' ? 'addTags' : 'removeTags']: [slug(tag)] };
    setBusy(true);
    try {
      const { data } = await dataProvider.create(`${resource}/bulk`, { data: { ids: selectedIds, ...change } });
      notify(translate('backlot.items.bulkDone', { smart_count: (data as { updated?: number }).updated ?? 0 }), {
        type: 'success',
      });
      unselectAll();
      refresh();
      close();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const ready = action === 'move' ? Boolean(target) : Boolean(slug(tag));
  return (
    <>
      <Button size="small" onClick={() => setAction('addTag')}>
        {translate('backlot.items.addTag')}
      </Button>
      <Button size="small" onClick={() => setAction('removeTag')}>
        {translate('backlot.items.removeTag')}
      </Button>
      <Button size="small" onClick={() => setAction('move')}>
        {translate('backlot.items.move')}
      </Button>
      <Dialog open={Boolean(action)} onClose={close} fullWidth maxWidth="xs">
        <DialogTitle>
          {action && translate(`backlot.items.${action}Title`, { smart_count: selectedIds.length })}
        </DialogTitle>
        <DialogContent>
          {action === 'move' ? (
            <TextField
              select
              fullWidth
              margin="dense"
              label={translate('backlot.items.category')}
              value={target}
              onChange={(event) => setTarget(event.target.value)}
            >
              {categoryChoices.map((choice) => (
                <MenuItem key={choice.id} value={choice.id}>
                  {choice.name}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              // The dialog's one field, opened by the admin to type a tag: focus belongs there.
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              fullWidth
              margin="dense"
              label={translate('backlot.items.tag')}
              value={tag}
              onChange={(event) => setTag(event.target.value)}
              helperText={tag && slug(tag) !== tag ? translate('backlot.items.tagAs', { slug: slug(tag) }) : ' '}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={apply} disabled={!ready || busy}>
            {translate('backlot.items.apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
