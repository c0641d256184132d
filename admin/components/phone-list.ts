/** A react-admin List laid out for a phone too: its main part may shrink (the table scrolls inside it) and its aside goes under it. */
export const PHONE_LIST_SX = { flexDirection: { xs: 'column', md: 'row' }, '& .RaList-main': { minWidth: 0 } } as const;

/** Its Datagrid's table scrolls sideways inside the list rather than widening the page. */
export const PHONE_DATAGRID_SX = { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } as const;
