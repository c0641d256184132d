/**
 * Product-card illustrations for the sample catalogue: an 800×600 SVG with a soft background
 * tinted from the item's first colour, a flat pictogram built from shapes, and a caption band.
 * Static and self-contained: no script, no event attributes, no external references (only a
 * local url(#id) gradient), every piece of text escaped.
 */

export const PICTOGRAMS = [
  'seat-row',
  'armchair',
  'cart',
  'sign',
  'panel',
  'window',
  'suitcase',
  'bin',
  'lamp',
  'stand',
  'gimbal',
  'hangar',
  'backdrop',
  'box',
  'cabin',
  'uniform',
  'extinguisher',
  'plane',
  'table',
  'car',
] as const;
export type Pictogram = (typeof PICTOGRAMS)[number];

export const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const rgb = (hex: string): [number, number, number] => {
  const value = Number.parseInt(hex.replace('#', '').padEnd(6, '0').slice(0, 6), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};
const toHex = (parts: number[]) =>
  `#${parts
    .map((part) =>
      Math.round(Math.min(255, Math.max(0, part)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
/** `amount` of the way from `a` to `b`. */
export const mix = (a: string, b: string, amount: number) => {
  const [x, y] = [rgb(a), rgb(b)];
  return toHex(x.map((part, index) => part + (y[index]! - part) * amount));
};
const luminance = (hex: string) => {
  const [r, g, b] = rgb(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

/** Shapes in a 400×300 box; `f` the main fill, `d` a darker accent, `l` a light accent. */
type Shape = (f: string, d: string, l: string) => string;

const legs = (xs: number[], y: number, h: number, d: string) =>
  xs.map((x) => `<rect x="${x}" y="${y}" width="10" height="${h}" fill="${d}"/>`).join('');

const SHAPES: Record<Pictogram, Shape> = {
  'seat-row': (f, d) =>
    [40, 150, 260]
      .map(
        (x) =>
          `<rect x="${x}" y="30" width="100" height="150" rx="22" fill="${f}"/><rect x="${x + 10}" y="40" width="80" height="26" rx="8" fill="${d}" opacity=".35"/>`,
      )
      .join('') +
    `<rect x="30" y="170" width="340" height="50" rx="14" fill="${d}"/>${[30, 140, 250, 360].map((x) => `<rect x="${x - 6}" y="120" width="22" height="70" rx="8" fill="${d}"/>`).join('')}${legs([70, 320], 220, 60, d)}<rect x="60" y="272" width="280" height="10" fill="${d}"/>`,
  armchair: (f, d) =>
    `<rect x="110" y="20" width="180" height="190" rx="40" fill="${f}"/><rect x="80" y="120" width="50" height="120" rx="20" fill="${d}"/><rect x="270" y="120" width="50" height="120" rx="20" fill="${d}"/><rect x="120" y="170" width="160" height="70" rx="16" fill="${f}"/><rect x="150" y="240" width="100" height="30" fill="${d}"/><ellipse cx="200" cy="282" rx="110" ry="12" fill="${d}"/>`,
  cart: (f, d, l) =>
    `<rect x="120" y="20" width="160" height="240" rx="10" fill="${f}"/>${[70, 130, 190].map((y) => `<rect x="135" y="${y}" width="130" height="44" rx="4" fill="${l}" opacity=".5"/>`).join('')}<rect x="110" y="20" width="180" height="14" rx="6" fill="${d}"/><circle cx="145" cy="276" r="16" fill="${d}"/><circle cx="255" cy="276" r="16" fill="${d}"/>`,
  sign: (f, d, l) =>
    `<rect x="95" y="0" width="8" height="60" fill="${d}"/><rect x="297" y="0" width="8" height="60" fill="${d}"/><rect x="40" y="60" width="320" height="150" rx="12" fill="${d}"/><rect x="56" y="76" width="288" height="118" rx="6" fill="${f}"/><path d="M80 135h70v-25l45 40-45 40v-25H80z" fill="${l}"/><rect x="215" y="110" width="110" height="16" rx="4" fill="${l}"/><rect x="215" y="142" width="80" height="16" rx="4" fill="${l}"/>`,
  panel: (f, d, l) =>
    `<rect x="20" y="40" width="360" height="220" rx="14" fill="${d}"/>` +
    [0, 1, 2, 3, 4]
      .flatMap((c) =>
        [0, 1].map(
          (r) =>
            `<circle cx="${70 + c * 65}" cy="${100 + r * 80}" r="26" fill="${f}"/><path d="M${70 + c * 65} ${100 + r * 80}l14-14" stroke="${l}" stroke-width="4"/>`,
        ),
      )
      .join('') +
    `<rect x="40" y="232" width="320" height="12" rx="4" fill="${l}" opacity=".6"/>`,
  window: (f, d) =>
    `<rect x="90" y="10" width="220" height="280" rx="90" fill="${d}"/><rect x="120" y="40" width="160" height="220" rx="70" fill="url(#sky)"/><ellipse cx="170" cy="120" rx="50" ry="16" fill="#fff" opacity=".8"/><rect x="120" y="40" width="160" height="60" rx="30" fill="${f}" opacity=".35"/>`,
  suitcase: (f, d, l) =>
    `<rect x="160" y="10" width="80" height="40" rx="14" fill="none" stroke="${d}" stroke-width="12"/><rect x="100" y="44" width="200" height="210" rx="22" fill="${f}"/>${[150, 200, 250].map((x) => `<rect x="${x - 4}" y="56" width="8" height="186" fill="${l}" opacity=".5"/>`).join('')}<circle cx="135" cy="270" r="14" fill="${d}"/><circle cx="265" cy="270" r="14" fill="${d}"/>`,
  bin: (f, d, l) =>
    `<path d="M20 60h360v120q0 40-40 40H60q-40 0-40-40z" fill="${f}"/><path d="M20 60h360v30H20z" fill="${d}"/><rect x="170" y="150" width="60" height="20" rx="6" fill="${d}"/><rect x="40" y="230" width="320" height="30" rx="8" fill="${l}" opacity=".7"/><circle cx="120" cy="245" r="6" fill="${d}"/><circle cx="280" cy="245" r="6" fill="${d}"/>`,
  lamp: (f, d, l) =>
    `<rect x="130" y="20" width="140" height="100" rx="12" fill="${f}"/><rect x="148" y="36" width="104" height="68" rx="6" fill="${l}"/><path d="M120 30l-40-20M120 70H70M120 110l-40 20" stroke="${f}" stroke-width="8" stroke-linecap="round"/><rect x="195" y="120" width="10" height="120" fill="${d}"/><path d="M200 230l-90 50M200 230l90 50M200 230v50" stroke="${d}" stroke-width="10" stroke-linecap="round"/>`,
  stand: (f, d) =>
    `<rect x="150" y="30" width="12" height="230" fill="${d}"/><rect x="156" y="60" width="210" height="10" fill="${f}"/><circle cx="156" cy="65" r="14" fill="${d}"/><rect x="300" y="30" width="70" height="60" fill="${f}" opacity=".7"/><path d="M156 250l-110 30M156 250l20 30M156 250l140 30" stroke="${d}" stroke-width="10" stroke-linecap="round"/>`,
  gimbal: (f, d, l) =>
    `<rect x="60" y="50" width="280" height="40" rx="10" fill="${f}"/><rect x="120" y="10" width="160" height="44" rx="8" fill="${l}" opacity=".8"/><path d="M90 90l40 150M150 90l-20 150M250 90l20 150M310 90l-40 150M200 90l-30 150M200 90l30 150" stroke="${d}" stroke-width="12" stroke-linecap="round"/><rect x="40" y="240" width="320" height="34" rx="8" fill="${d}"/>`,
  hangar: (f, d, l) =>
    `<path d="M10 280V140Q200 -20 390 140v140z" fill="${f}"/><rect x="70" y="150" width="260" height="130" fill="${d}"/>${[110, 170, 230, 290].map((x) => `<rect x="${x - 2}" y="150" width="4" height="130" fill="${l}" opacity=".5"/>`).join('')}<rect x="0" y="276" width="400" height="10" fill="${d}"/>`,
  backdrop: (f, d) =>
    `<rect x="20" y="20" width="360" height="230" fill="url(#sky)"/><rect x="20" y="20" width="360" height="230" fill="none" stroke="${d}" stroke-width="12"/><ellipse cx="120" cy="170" rx="80" ry="24" fill="#fff" opacity=".85"/><ellipse cx="270" cy="120" rx="70" ry="18" fill="#fff" opacity=".7"/><circle cx="300" cy="200" r="30" fill="${f}" opacity=".8"/>${legs([60, 330], 250, 40, d)}`,
  box: (f, d, l) =>
    `<path d="M80 90l120-60 120 60v150l-120 60-120-60z" fill="${f}"/><path d="M80 90l120 60 120-60M200 150v150" stroke="${d}" stroke-width="8" fill="none"/><path d="M140 60l120 60v40" stroke="${l}" stroke-width="10" fill="none"/>`,
  cabin: (f, d, l) =>
    `<circle cx="200" cy="150" r="140" fill="${d}"/><circle cx="200" cy="150" r="124" fill="${l}"/><rect x="76" y="190" width="248" height="14" fill="${d}"/><path d="M96 70h208v44H96z" fill="${f}"/>${[110, 160, 215, 265].map((x) => `<rect x="${x}" y="130" width="36" height="60" rx="8" fill="${f}"/>`).join('')}`,
  uniform: (f, d, l) =>
    `<path d="M200 10v20M160 60l40-30 40 30" stroke="${d}" stroke-width="8" fill="none"/><path d="M110 70h180l40 80-40 20v120H110V170l-40-20z" fill="${f}"/><path d="M180 70l20 60 20-60" fill="${l}"/>${[160, 200, 240].map((y) => `<circle cx="200" cy="${y}" r="6" fill="${d}"/>`).join('')}`,
  extinguisher: (f, d, l) =>
    `<rect x="150" y="70" width="100" height="210" rx="40" fill="${f}"/><rect x="180" y="30" width="40" height="44" fill="${d}"/><path d="M220 40h60l20 40" stroke="${d}" stroke-width="10" fill="none"/><rect x="165" y="150" width="70" height="50" rx="6" fill="${l}"/>`,
  plane: (f, d) =>
    `<path d="M40 150q0-20 40-20h260q40 0 50 20-10 20-50 20H80q-40 0-40-20z" fill="${f}"/><path d="M170 140l-50-110h40l90 110zM170 160l-50 110h40l90-110zM60 140l-20-60h30l40 60z" fill="${d}"/>${[220, 250, 280, 310].map((x) => `<circle cx="${x}" cy="146" r="5" fill="#fff"/>`).join('')}`,
  table: (f, d) =>
    `<rect x="40" y="100" width="320" height="26" rx="6" fill="${f}"/>${legs([70, 320], 126, 150, d)}<rect x="120" y="60" width="60" height="40" rx="6" fill="${d}" opacity=".6"/><circle cx="260" cy="80" r="20" fill="${d}" opacity=".6"/>`,
  car: (f, d, l) =>
    `<path d="M20 200v-50q0-20 30-24l50-6 50-50h120l60 54 40 6q20 4 20 24v46z" fill="${f}"/><path d="M160 82h40v44h-92zM220 82h44l40 44h-84z" fill="${l}"/><circle cx="100" cy="210" r="36" fill="${d}"/><circle cx="300" cy="210" r="36" fill="${d}"/><circle cx="100" cy="210" r="14" fill="${l}"/><circle cx="300" cy="210" r="14" fill="${l}"/>`,
};

export interface Picture {
  pictogram: Pictogram;
  /** Hex colours from the item's colour swatches; the first tints the card. */
  colours: string[];
  caption: string;
  /** A second, detail view: the pictogram closer, no caption band. */
  detail?: boolean;
}

/** The SVG for one picture, as bytes to write. */
export function drawPicture({ pictogram, colours, caption, detail = false }: Picture): string {
  const base = colours[0] ?? '#9e9e9e';
  const second = colours[1] ?? base;
  // Very light colours get a slate outline tone, black a charcoal fill, so the shapes keep their detail.
  const lum = luminance(base);
  const fill = lum > 0.72 ? mix(base, '#455a64', 0.45) : lum < 0.12 ? mix(base, '#ffffff', 0.24) : base;
  const dark = lum < 0.12 ? '#161616' : mix(lum > 0.72 ? '#455a64' : base, '#000000', 0.45);
  const pale = mix(second, '#ffffff', 0.7);
  const top = mix(base, '#ffffff', detail ? 0.7 : 0.86);
  const bottom = mix(base, '#ffffff', detail ? 0.55 : 0.74);
  const transform = detail ? 'translate(80 40) scale(1.6)' : 'translate(200 90)';
  const text = caption.length > 46 ? `${caption.slice(0, 45).trimEnd()}…` : caption;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">',
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    '<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8fd6"/><stop offset="1" stop-color="#f6c28b"/></linearGradient></defs>',
    '<rect width="800" height="600" fill="url(#bg)"/>',
    `<ellipse cx="400" cy="${detail ? 560 : 420}" rx="260" ry="22" fill="${dark}" opacity=".12"/>`,
    `<g transform="${transform}">${SHAPES[pictogram](fill, dark, pale)}</g>`,
    detail
      ? ''
      : `<rect y="500" width="800" height="100" fill="${dark}" opacity=".85"/><text x="400" y="562" font-family="sans-serif" font-size="30" fill="#ffffff" text-anchor="middle">${escapeXml(text)}</text>`,
    '</svg>\n',
  ].join('\n');
}
