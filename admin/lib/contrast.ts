/**
 * WCAG 2.x contrast between two hex colours (#rgb or #rrggbb), and the AA thresholds: 4.5:1
 * for body text, 3:1 for large text and interface parts. Pure and browser-safe.
 */

/** The relative luminance of a hex colour, 0 (black) to 1 (white); undefined for anything else. */
export function relativeLuminance(hex: string): number | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return undefined;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(digits.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two colours, 1 to 21; undefined when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | undefined {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === undefined || lb === undefined) return undefined;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const AA_BODY_TEXT = 4.5;
export const AA_LARGE_TEXT = 3;
