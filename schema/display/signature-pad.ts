/**
 * A signature pad on a canvas, as the console's hand-over and the storefront's accept dialog start
 * one: drawn at the screen's pixel density (crisp on a phone), on white paper whatever the theme,
 * telling `drawn` after each stroke whether anything is drawn. The pad's class is passed in, so
 * each side loads signature_pad its own way.
 */
import type SignaturePad from 'signature_pad';

export function startSignaturePad(
  canvas: HTMLCanvasElement,
  Pad: typeof SignaturePad,
  drawn: (anything: boolean) => void,
): SignaturePad {
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  canvas.width = canvas.offsetWidth * ratio;
  canvas.height = canvas.offsetHeight * ratio;
  canvas.getContext('2d')!.scale(ratio, ratio);
  const pad = new Pad(canvas, { backgroundColor: 'rgb(255, 255, 255)' });
  pad.addEventListener('endStroke', () => drawn(!pad.isEmpty()));
  return pad;
}
