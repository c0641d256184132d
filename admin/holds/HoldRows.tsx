/** The held lines of one group on the hold board: rank, whose and when, each opening its request; "Move up" past the hold just ahead. */
import { Box, Button, Chip, List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ordinal, type HoldBoardRow } from '../../schema/rental/holds';

export function HoldRows({
  tenantId,
  rows,
  describe,
  day,
  moment,
  moving,
  onMoveUp,
}: {
  tenantId: string;
  rows: HoldBoardRow[];
  describe: (row: HoldBoardRow) => string;
  day: (date: string) => string;
  moment: (instant: string) => string;
  /** The row being moved (quote and item), while its call runs. */
  moving: string | undefined;
  onMoveUp: (row: HoldBoardRow) => void;
}) {
  const translate = useTranslate();
  return (
    <List dense disablePadding>
      {rows.map((row) => {
        const key = `${row.quoteId}-${row.objectID}`;
        return (
          <ListItem key={key} disablePadding divider sx={{ flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
            <ListItemButton
              component={Link}
              to={`/t/${tenantId}/quote-requests/${encodeURIComponent(row.quoteId)}`}
              sx={{ gap: 1.5, alignItems: 'flex-start', flexBasis: { xs: '100%', sm: 'auto' } }}
            >
              <Chip
                size="small"
                color={row.rank === 1 ? 'success' : 'warning'}
                label={translate('backlot.holds.rank', { rank: ordinal(row.rank) })}
                sx={{ mt: 0.5, minWidth: 72 }}
              />
              <ListItemText
                primary={describe(row)}
                secondary={
                  <>
                    {translate('backlot.holds.heldUntil', { day: day(row.until) })}
                    {row.answerBy && (
                      <Box component="span" sx={{ display: 'block', color: 'warning.dark' }}>
                        {translate('backlot.holds.answersBy', { when: moment(row.answerBy) })}
                      </Box>
                    )}
                  </>
                }
              />
            </ListItemButton>
            {row.justAhead && (
              // Beside the row on a wide screen, below it on a phone.
              <Box sx={{ px: 2, py: { xs: 1, sm: 0 }, ml: 'auto', flexShrink: 0 }}>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={moving !== undefined}
                  onClick={() => onMoveUp(row)}
                  aria-label={translate('backlot.holds.moveUpLabel', {
                    who: row.who,
                    ahead: row.justAhead.who,
                    item: row.item,
                  })}
                >
                  {translate('backlot.holds.moveUp')}
                </Button>
              </Box>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
