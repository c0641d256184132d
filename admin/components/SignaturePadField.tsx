/**
 * A signature drawn with a finger or a mouse in a console dialog (signature_pad), with Clear. The
 * dialog keeps `drawingRef` to read what was drawn when it submits (the pad and its canvas), and is
 * told after each stroke whether anything is drawn.
 */
import { Box, Button, Typography } from '@mui/material';
import { useCallback, useState, type MutableRefObject } from 'react';
import SignaturePad from 'signature_pad';
import { startSignaturePad } from '../../schema/display/signature-pad';

export interface Drawing {
  pad?: SignaturePad;
  canvas?: HTMLCanvasElement;
}

/** Whether anything is drawn on the pad. */
export const isDrawn = (drawing: Drawing) => Boolean(drawing.pad && !drawing.pad.isEmpty());

export function SignaturePadField({
  id,
  label,
  clearLabel,
  drawingRef,
  onDrawn,
}: {
  id: string;
  label: string;
  clearLabel: string;
  drawingRef: MutableRefObject<Drawing>;
  onDrawn?: (drawn: boolean) => void;
}) {
  const [drawn, setDrawn] = useState(false);
  // The pad starts when its canvas is mounted and stops when it goes (React calls this with null):
  // a dialog renders its content a moment after its component (a portal), so an effect would find no canvas.
  const start = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      drawingRef.current.pad?.off();
      drawingRef.current = {};
      if (!canvas) return;
      const told = (anything: boolean) => {
        setDrawn(anything);
        onDrawn?.(anything);
      };
      drawingRef.current = { pad: startSignaturePad(canvas, SignaturePad, told), canvas };
    },
    [drawingRef, onDrawn],
  );
  const clear = () => {
    drawingRef.current.pad?.clear();
    setDrawn(false);
    onDrawn?.(false);
  };
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }} id={id}>
        {label}
      </Typography>
      <Box
        component="canvas"
        ref={start}
        role="img"
        aria-labelledby={id}
        sx={{
          display: 'block',
          width: '100%',
          height: 160,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          touchAction: 'none',
          bgcolor: '#fff',
          cursor: 'crosshair',
        }}
      />
      <Button size="small" onClick={clear} disabled={!drawn} sx={{ mt: 0.5 }}>
        {clearLabel}
      </Button>
    </Box>
  );
}
