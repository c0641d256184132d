/** On paper, a console screen prints alone: without the console's bar and menu. */
import { GlobalStyles } from '@mui/material';

export const printAlone = (
  <GlobalStyles
    styles={{
      '@media print': {
        '.MuiAppBar-root, .MuiDrawer-root, .RaAppBar-root': { display: 'none !important' },
        '.RaLayout-appFrame': { marginTop: '0 !important' },
      },
    }}
  />
);
