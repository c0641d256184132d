/**
 * Where the live preview sits: beside the form on a wide screen (the form narrows to make room),
 * over it on a narrow one. It lives inside the form, whose values it watches.
 */
import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, useMediaQuery, type Theme } from '@mui/material';
import { PreviewPane } from './PreviewPane';
import type { PreviewTarget } from './usePreview';

/** The share of a wide screen the open preview takes. */
export const PREVIEW_WIDTH = '46vw';

export function PreviewDrawer({ open, onClose, target }: { open: boolean; onClose(): void; target: PreviewTarget }) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      variant={wide ? 'persistent' : 'temporary'}
      slotProps={{
        paper: {
          sx: {
            width: wide ? PREVIEW_WIDTH : '100vw',
            top: { xs: 0, lg: 48 },
            height: { xs: '100%', lg: 'calc(100% - 48px)' },
            p: 1.5,
            boxSizing: 'border-box',
          },
        },
      }}
    >
      <IconButton
        aria-label="Close the preview"
        onClick={onClose}
        size="small"
        sx={{ position: 'absolute', top: 8, right: 8, zIndex: 1, display: { lg: 'none' } }}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      {open && (
        <Box sx={{ height: '100%', pr: { xs: 5, lg: 0 } }}>
          <PreviewPane target={target} />
        </Box>
      )}
    </Drawer>
  );
}
