/**
 * "Move to …": takes a category to another group, or a subcategory to another category, at the
 * end of its new list (then drag it into place). The drag handle reorders within one list; this
 * crosses lists, by mouse or keyboard alike.
 */
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';

export interface MoveTarget {
  /** The list to append to, e.g. `groups.2.categories`. */
  list: string;
  label: string;
}

export function MoveToMenu({ rowSource, name, targets }: { rowSource: string; name: string; targets: readonly MoveTarget[] }) {
  const { getValues, setValue } = useFormContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [list, index] = [rowSource.slice(0, rowSource.lastIndexOf('.')), Number(rowSource.slice(rowSource.lastIndexOf('.') + 1))];
  const others = targets.filter((target) => target.list !== list);
  if (others.length === 0) return null;
  const moveTo = (target: MoveTarget) => {
    setAnchor(null);
    const from = [...((getValues(list) as unknown[]) ?? [])];
    const [row] = from.splice(index, 1);
    setValue(target.list, [...((getValues(target.list) as unknown[]) ?? []), row], { shouldDirty: true });
    setValue(list, from, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <>
      <Tooltip title={`Move ${name} to …`}>
        <IconButton aria-label={`Move ${name} to another list`} aria-haspopup="menu" size="small" onClick={(event) => setAnchor(event.currentTarget)}>
          <DriveFileMoveOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {others.map((target) => (
          <MenuItem key={target.list} onClick={() => moveTo(target)}>
            {target.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
