/**
 * A signature drawn with a finger or a mouse (signature_pad, loaded when the pad first shows), for
 * the accept dialog: the page keeps `padRef` to read the drawing (a PNG) when the production confirms.
 * Clear starts again.
 */
import { useCallback, useState, type MutableRefObject } from 'react';
import type SignaturePad from 'signature_pad';
import { quoteMessages as words } from '../../i18n/quote-messages';
import { startSignaturePad } from '../../../schema/display/signature-pad';

export function SignatureDrawing({ padRef }: { padRef: MutableRefObject<SignaturePad | undefined> }) {
  const [drawn, setDrawn] = useState(false);
  // The pad starts when its canvas is mounted and stops listening when it goes (React calls this
  // with null). It is kept: the dialog closes before the page reads what was drawn.
  const start = useCallback(
    (canvas: HTMLCanvasElement | null) => {
      padRef.current?.off();
      if (!canvas) return;
      padRef.current = undefined;
      void import('signature_pad').then(({ default: Pad }) => {
        if (canvas.isConnected) padRef.current = startSignaturePad(canvas, Pad, setDrawn);
      });
    },
    [padRef],
  );
  return (
    <div className="signature-drawing">
      <span id="signature-drawing-label" className="signature-drawing-label">
        {words.drawSignature}
      </span>
      <canvas ref={start} role="img" aria-labelledby="signature-drawing-label" className="signature-pad" />
      <button
        type="button"
        className="button button-secondary"
        disabled={!drawn}
        onClick={() => {
          padRef.current?.clear();
          setDrawn(false);
        }}
      >
        {words.clearSignature}
      </button>
    </div>
  );
}
