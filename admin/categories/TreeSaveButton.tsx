/**
 * Save for the category tree, saying first what a move does to the catalogue: when the edit moves
 * or renames categories that hold items, it lists each with how many items go along (and that
 * the old pages are sent on), then saves on "Save and move"; a removal that would leave items
 * without a category is named, and not saved. An edit that touches no item saves at once.
 */
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useRef, useState } from 'react';
import { useDataProvider, useNotify, useRecordContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { treeEdit, type CategoryPathKey } from '../../schema/category-moves';
import type { CategoryTree } from '../../schema/types.generated';

interface Consequences {
  moves: Array<{ from: string; to: string; items: number }>;
  stranded: Array<{ path: string; items: number }>;
}

/** "marine/docks-piers" → "Marine › Docks & Piers", from a tree's names. */
function namer(tree: CategoryTree) {
  const names = new Map<string, string>();
  for (const group of tree.groups ?? []) {
    names.set(group.slug, group.name);
    for (const category of group.categories ?? []) {
      names.set(`${group.slug}/${category.slug}`, `${group.name} › ${category.name}`);
      for (const sub of category.subcategories ?? [])
        names.set(`${group.slug}/${category.slug}/${sub.slug}`, `${group.name} › ${category.name} › ${sub.name}`);
    }
  }
  return (path: string) => names.get(path) ?? path;
}

/** Only the outermost of nested paths (a moved category's subcategories move with it). */
const outermost = (paths: CategoryPathKey[]) =>
  paths.filter((path) => !paths.some((other) => other !== path && path.startsWith(`${other}/`)));

export function TreeSaveButton() {
  const { tenantId = '' } = useParams();
  const record = useRecordContext<CategoryTree & { id: string }>();
  const form = useFormContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<Consequences>();
  const { isSubmitting } = form.formState;

  const button = useRef<HTMLButtonElement>(null);
  // Through the form's own submit, so react-admin validates, saves and puts the server's field errors on their inputs.
  const submit = () => button.current?.closest('form')?.requestSubmit();

  const onClick = async () => {
    if (!record) return;
    const values = form.getValues() as CategoryTree;
    const edit = treeEdit(record, values);
    if (!edit.moves.length && !edit.removed.length) return submit();
    setBusy(true);
    try {
      const counts = await dataProvider.categoryCounts(tenantId);
      const [before, after] = [namer(record), namer(values)];
      const movedFrom = outermost(edit.moves.map((move) => move.from));
      const consequences: Consequences = {
        moves: edit.moves
          .filter((move) => movedFrom.includes(move.from) && counts[move.from])
          .map((move) => ({ from: before(move.from), to: after(move.to), items: counts[move.from]! })),
        stranded: outermost(edit.removed)
          .filter((path) => counts[path])
          .map((path) => ({ path: before(path), items: counts[path]! })),
      };
      if (!consequences.moves.length && !consequences.stranded.length) return submit();
      setAsking(consequences);
    } catch {
      notify('backlot.save.offline', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const total = asking?.moves.reduce((sum, move) => sum + move.items, 0) ?? 0;
  const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;
  return (
    <>
      <Button
        ref={button}
        variant="contained"
        startIcon={<SaveIcon />}
        onClick={onClick}
        disabled={busy || isSubmitting}
      >
        Save
      </Button>
      <Dialog
        open={Boolean(asking)}
        onClose={() => setAsking(undefined)}
        aria-labelledby="tree-save-title"
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id="tree-save-title">
          {asking?.stranded.length
            ? 'Items would be left without a category'
            : `Move ${items(total)} with their categories?`}
        </DialogTitle>
        <DialogContent>
          {asking?.stranded.length ? (
            <Alert severity="error">
              {`${asking.stranded.map((entry) => `${entry.path} holds ${items(entry.items)}`).join('; ')}. Move those items to another category first, or move the category instead of removing it. Nothing was saved.`}
            </Alert>
          ) : (
            <>
              <DialogContentText component="ul" sx={{ pl: 2, mt: 0 }}>
                {asking?.moves.map((move) => (
                  <li key={move.from}>{`${move.from} → ${move.to}: ${items(move.items)}`}</li>
                ))}
              </DialogContentText>
              <DialogContentText>
                The items move in the same save, and visitors following the old pages' addresses are sent to the new
                ones.
              </DialogContentText>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(undefined)} color="inherit">
            {asking?.stranded.length ? 'Back to the tree' : 'Cancel'}
          </Button>
          {!asking?.stranded.length && (
            <Button
              variant="contained"
              onClick={() => {
                setAsking(undefined);
                void submit();
              }}
            >
              {`Save and move ${items(total)}`}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
