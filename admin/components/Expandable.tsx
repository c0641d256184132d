/**
 * A row that opens to show what it holds (a group's categories, a field's options): a toggle
 * with a summary line, collapsed until opened. A closed row opens by itself when something
 * inside it is refused, by the rules or by the server, so no message is hidden.
 */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Collapse, IconButton, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { get, useFormState } from 'react-hook-form';

export interface ExpandableProps {
  summary: ReactNode;
  children: ReactNode;
  /** What opening shows, for the toggle's name: "the categories of Seats". */
  label: string;
  /** The form path of what it holds, whose errors open it. */
  errorPath: string;
}

export function Expandable({ summary, children, label, errorPath }: ExpandableProps) {
  const [chosen, setOpen] = useState(false);
  const { errors } = useFormState({ name: errorPath });
  const open = chosen || get(errors, errorPath) !== undefined;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <IconButton
          size="small"
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Show'} ${label}`}
          data-holds={errorPath}
          onClick={() => setOpen(!open)}
        >
          <ExpandMoreIcon
            fontSize="small"
            sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
          />
        </IconButton>
        <Typography variant="body2" color="text.secondary">
          {summary}
        </Typography>
      </Box>
      <Collapse in={open} unmountOnExit>
        <Box role="region" aria-label={label} sx={{ ml: { xs: 0, sm: 2 }, mt: 1 }}>
          {children}
        </Box>
      </Collapse>
    </>
  );
}
