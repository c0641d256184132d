/**
 * A Datagrid's `sx` part that keeps a table too wide for a phone scrolling inside its card rather
 * than widening the page: a zero width that grows to the card's, so its content no longer sets the
 * page's width. Cells take less padding on a phone.
 */
export const tableScrollsInCard = {
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto', width: 0, minWidth: '100%' },
  '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
} as const;
