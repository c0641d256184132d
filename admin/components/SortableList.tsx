/**
 * A list of form rows that can be added to, removed from and reordered: by dragging a row's
 * handle, or from the keyboard (Tab to the handle, Space to pick the row up, the arrow keys to
 * move it, Space to drop, Escape to cancel), with @dnd-kit announcing each step to screen
 * readers. Rows are react-hook-form's field array at `source`; each row renders its own inputs
 * at `${source}.${index}.…`.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, Button, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Confirm } from 'react-admin';
import { useFieldArray, useFormContext } from 'react-hook-form';

export interface SortableListProps {
  /** The array's path in the form, e.g. `items` or `items.2.children`. */
  source: string;
  /** What one row is called, for buttons and announcements: "colour", "link". */
  noun: string;
  /** The row's own inputs; `rowSource` is `${source}.${index}`. */
  renderRow(rowSource: string, index: number): ReactNode;
  /** The value of a new row. */
  newRow(): Record<string, unknown>;
  /** The row's name as read aloud ("Red"), from its current values. */
  rowName?(row: Record<string, unknown>, index: number): string;
  max?: number;
  emptyText: string;
  dense?: boolean;
  readOnly?: boolean;
  /** When removing a row takes more with it, the question to confirm first ("… and its 6 categories?"). */
  confirmRemove?(row: Record<string, unknown>, name: string): string | undefined;
  /** Extra controls at the row's end, before Remove (a "move to" menu). */
  rowActions?(rowSource: string, index: number): ReactNode;
}

function SortableRow({
  id,
  label,
  children,
  actions,
  onRemove,
  readOnly,
  dense,
}: {
  id: string;
  label: string;
  children: ReactNode;
  actions?: ReactNode;
  onRemove(): void;
  readOnly?: boolean;
  dense?: boolean;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: readOnly,
  });
  // On a phone the row's buttons stack under its handle, so nested levels keep their width for inputs.
  return (
    <Paper
      ref={setNodeRef}
      variant="outlined"
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'auto minmax(0, 1fr)', sm: 'auto minmax(0, 1fr) auto' },
        gridTemplateAreas: { xs: '"handle content" "actions content"', sm: '"handle content actions"' },
        alignItems: 'start',
        columnGap: { xs: 0.25, sm: 1 },
        p: dense ? 0.75 : 1,
        pl: 0.25,
        mb: 1,
        listStyle: 'none',
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : 'auto',
        boxShadow: isDragging ? 6 : 'none',
        bgcolor: 'background.paper',
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${label}`}
        size="small"
        disabled={readOnly}
        sx={{ gridArea: 'handle', cursor: 'grab', mt: 0.5, touchAction: 'none' }}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <Box sx={{ gridArea: 'content', minWidth: 0 }}>{children}</Box>
      <Box
        sx={{
          gridArea: 'actions',
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          mt: { xs: 0, sm: 0.5 },
        }}
      >
        {actions}
        <Tooltip title={`Remove ${label}`}>
          <span>
            <IconButton aria-label={`Remove ${label}`} onClick={onRemove} size="small" disabled={readOnly}>
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Paper>
  );
}

export function SortableList({
  source,
  noun,
  renderRow,
  newRow,
  rowName,
  max,
  emptyText,
  dense,
  readOnly,
  confirmRemove,
  rowActions,
}: SortableListProps) {
  const [removing, setRemoving] = useState<{ index: number; question: string }>();
  const { control, getValues } = useFormContext();
  const { fields, append, remove, move } = useFieldArray({ control, name: source });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameAt = (index: number) => {
    const row = (getValues(`${source}.${index}`) ?? {}) as Record<string, unknown>;
    return rowName?.(row, index) || `${noun} ${index + 1}`;
  };
  const positionOf = (id: string | number) => fields.findIndex((field) => field.id === id);
  // The dragged row's name, read once when it is picked up: the form's values move with the drop
  // before the last announcement is made.
  const dragged = useRef('');
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => {
        dragged.current = nameAt(positionOf(active.id));
        return `Picked up ${dragged.current}, position ${positionOf(active.id) + 1} of ${fields.length}.`;
      },
      onDragOver: ({ over }) =>
        over ? `${dragged.current} is over position ${positionOf(over.id) + 1} of ${fields.length}.` : undefined,
      onDragEnd: ({ over }) =>
        over
          ? `${dragged.current} dropped at position ${positionOf(over.id) + 1} of ${fields.length}.`
          : `${dragged.current} dropped.`,
      onDragCancel: () => `Moving ${dragged.current} was cancelled.`,
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fields],
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(positionOf(active.id), positionOf(over.id));
  };
  const askToRemove = (index: number) => {
    const question = confirmRemove?.((getValues(`${source}.${index}`) ?? {}) as Record<string, unknown>, nameAt(index));
    if (question) setRemoving({ index, question });
    else remove(index);
  };
  const full = max !== undefined && fields.length >= max;
  return (
    <Box>
      {fields.length === 0 ? (
        emptyText && (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {emptyText}
          </Typography>
        )
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable: `To move a ${noun}, press Space, use the up and down arrow keys, then press Space again to drop it or Escape to cancel.`,
            },
          }}
        >
          <SortableContext items={fields.map((field) => field.id)} strategy={verticalListSortingStrategy}>
            <Box component="ol" sx={{ p: 0, m: 0 }}>
              {fields.map((field, index) => (
                <SortableRow
                  key={field.id}
                  id={field.id}
                  label={nameAt(index)}
                  onRemove={() => askToRemove(index)}
                  actions={rowActions?.(`${source}.${index}`, index)}
                  readOnly={readOnly}
                  dense={dense}
                >
                  {renderRow(`${source}.${index}`, index)}
                </SortableRow>
              ))}
            </Box>
          </SortableContext>
        </DndContext>
      )}
      <Button
        startIcon={<AddIcon />}
        onClick={() => append(newRow())}
        disabled={full || readOnly}
        size={dense ? 'small' : 'medium'}
      >
        {`Add ${noun}`}
      </Button>
      <Confirm
        isOpen={removing !== undefined}
        title={removing ? `Remove ${nameAt(removing.index)}?` : ''}
        content={removing?.question ?? ''}
        confirm="Remove"
        confirmColor="warning"
        onConfirm={() => {
          if (removing) remove(removing.index);
          setRemoving(undefined);
        }}
        onClose={() => setRemoving(undefined)}
      />
      {full && (
        <Typography variant="body2" color="text.secondary" component="span" sx={{ ml: 1 }}>
          {`At most ${max}.`}
        </Typography>
      )}
    </Box>
  );
}
