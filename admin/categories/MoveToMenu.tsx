/**
 * "Move to …": takes a category to another group, or a subcategory to another category, at the
 * end of its new list (then drag it into place). The drag handle reorders within one list; this
 * crosses lists, by mouse or keyboard alike. The button names the entry ("Move category Lavatories
 * to another group"); after a move, focus goes to the new parent's toggle (its list may be closed)
 * and the move is announced, so a keyboard user is not dropped at the top of the page.
 */
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

export interface MoveTarget {
  /** The list to append to, e.g. `groups.2.categories`. */
  list: string;
  label: string;
}

export function MoveToMenu({
  rowSource,
  noun,
  parentNoun,
  targets,
}: {
  rowSource: string;
  noun: string;
  parentNoun: string;
  targets: readonly MoveTarget[];
}) {
  const { getValues, setValue } = useFormContext();
  const notify = useNotify();
  const rowName = (useWatch({ name: `${rowSource}.name` }) as string | undefined) || `this ${noun}`;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [list, index] = [
    rowSource.slice(0, rowSource.lastIndexOf('.')),
    Number(rowSource.slice(rowSource.lastIndexOf('.') + 1)),
  ];
  const others = targets.filter((target) => target.list !== list);
  if (others.length === 0) return null;
  const moveTo = (target: MoveTarget) => {
    setAnchor(null);
    const from = [...((getValues(list) as unknown[]) ?? [])];
    const [row] = from.splice(index, 1);
    setValue(target.list, [...((getValues(target.list) as unknown[]) ?? []), row], { shouldDirty: true });
    setValue(list, from, { shouldDirty: true, shouldValidate: true });
    notify(`Moved ${rowName} to ${target.label}. Save to keep it.`, { type: 'info' });
    // This row's button is gone with the row: focus the new parent's toggle once the menu has closed.
    setTimeout(() => document.querySelector<HTMLElement>(`[data-holds="${target.list}"]`)?.focus(), 0);
  };
  const label = `Move ${noun} ${rowName} to another ${parentNoun}`;
  return (
    <>
      <Tooltip title={`${label} …`}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          size="small"
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <DriveFileMoveOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} disableRestoreFocus>
        {others.map((target) => (
          <MenuItem key={target.list} onClick={() => moveTo(target)}>
            {target.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
