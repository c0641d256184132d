/**
 * The live preview beside an editor: the storefront as the server renders it with the form's
 * unsaved values, at phone or desktop width (a desktop page is drawn at 1280 px and scaled to
 * the pane). It is framed sandboxed: no script runs in it. Links inside it stay in the preview.
 */
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, Box, Button, LinearProgress, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { usePreview, type PreviewTarget } from './usePreview';

const WIDTHS = { phone: 390, desktop: 1280 } as const;
type Width = keyof typeof WIDTHS;

/** The pane's width, followed as it resizes, so a page drawn wider than the pane is scaled to fit. */
function usePaneWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    // Every browser the console supports has ResizeObserver; without one the page is drawn unscaled.
    if (!ref.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function PreviewPane({ target }: { target: PreviewTarget }) {
  const state = usePreview(target, true);
  // A phone previews the phone layout first; a wide screen the desktop one.
  const [device, setDevice] = useState<Width>(() => (window.innerWidth < 900 ? 'phone' : 'desktop'));
  const [paneRef, paneWidth] = usePaneWidth();
  const drawn = WIDTHS[device];
  const scale = paneWidth > 0 ? Math.min(1, paneWidth / drawn) : 1;
  const height = 1400;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle2" component="h2" sx={{ mr: 'auto' }}>
          Preview · not saved
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={device}
          onChange={(_event, next: Width | null) => next && setDevice(next)}
          aria-label="Preview width"
        >
          <ToggleButton value="phone">Phone</ToggleButton>
          <ToggleButton value="desktop">Desktop</ToggleButton>
        </ToggleButtonGroup>
        {state.url && (
          <Button
            size="small"
            href={state.url}
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewIcon fontSize="small" />}
          >
            Open
          </Button>
        )}
      </Box>
      <Box sx={{ height: 4 }}>{state.status === 'loading' && <LinearProgress aria-label="Updating the preview" />}</Box>
      {state.status === 'invalid' && (
        <Alert severity="warning" sx={{ my: 1 }}>
          The preview shows your last valid values until this is fixed: {state.problems.join('; ')}
        </Alert>
      )}
      {state.status === 'offline' && (
        <Alert severity="error" sx={{ my: 1 }}>
          The preview could not reach the server. Your changes are still in the form.
        </Alert>
      )}
      <Box ref={paneRef} sx={{ flex: 1, minHeight: 0, overflow: 'auto', bgcolor: 'grey.200', borderRadius: 1 }}>
        {state.url ? (
          <Box sx={{ width: drawn * scale, height: height * scale, mx: 'auto', overflow: 'hidden' }}>
            <iframe
              title="Storefront preview with unsaved changes"
              src={state.url}
              sandbox="allow-same-origin"
              style={{
                width: drawn,
                height,
                border: 0,
                background: '#fff',
                transform: `scale(${scale})`,
                transformOrigin: '0 0',
              }}
            />
          </Box>
        ) : (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {state.status === 'loading' ? 'Rendering the preview…' : 'No preview yet.'}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
