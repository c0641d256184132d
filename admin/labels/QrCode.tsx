/**
 * A QR code as an SVG path: the `qrcode` library encodes the text (error correction M, which
 * survives a scuffed label); this only draws its modules, one square each, crisp at any print size.
 */
import { create as qrMatrix } from 'qrcode/lib/core/qrcode';
import { useMemo } from 'react';

/** The quiet zone around the code, in modules (the standard asks for four; labels are tight, two reads fine). */
const QUIET = 2;

export function QrCode({ text, size, label }: { text: string; size: string; label: string }) {
  const { path, span } = useMemo(() => {
    const { modules } = qrMatrix(text, { errorCorrectionLevel: 'M' });
    let drawn = '';
    for (let row = 0; row < modules.size; row += 1)
      for (let column = 0; column < modules.size; column += 1)
        if (modules.get(row, column)) drawn += `M${column + QUIET} ${row + QUIET}h1v1h-1z`;
    return { path: drawn, span: modules.size + QUIET * 2 };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${span} ${span}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ display: 'block', flex: 'none' }}
    >
      <rect width={span} height={span} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
