/**
 * The theme's contrast, checked as colours are picked: body text and links (the primary colour)
 * against the page background, each needing WCAG AA's 4.5:1. A failing pair is a warning, not a
 * refusal: the admin may be mid-way through a change of palette.
 */
import { Alert, AlertTitle } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { AA_BODY_TEXT, contrastRatio } from '../lib/contrast';
import type { FieldSpec } from '../schema-form/fields';

const PAIRS = [
  { foreground: 'theme.textColor', background: 'theme.backgroundColor', what: 'Body text on the background' },
  {
    foreground: 'theme.primaryColor',
    background: 'theme.backgroundColor',
    what: 'Links and buttons (primary colour) on the background',
  },
] as const;

export function ThemeContrast({ fields }: { fields: readonly FieldSpec[] }) {
  const values = useWatch({ name: PAIRS.flatMap((pair) => [pair.foreground, pair.background]) }) as Array<
    string | undefined
  >;
  const defaultOf = (source: string) => fields.find((field) => field.source === source)?.default as string | undefined;
  const results = PAIRS.map((pair, index) => {
    const foreground = values[index * 2] || defaultOf(pair.foreground) || '';
    const background = values[index * 2 + 1] || defaultOf(pair.background) || '';
    return { ...pair, ratio: contrastRatio(foreground, background) };
  });
  const failing = results.filter((result) => result.ratio !== undefined && result.ratio < AA_BODY_TEXT);
  const describe = (result: (typeof results)[number]) => `${result.what}: ${result.ratio!.toFixed(2)}:1`;
  return (
    <Alert severity={failing.length ? 'warning' : 'success'} role="status" sx={{ mb: 2, maxWidth: 640 }}>
      <AlertTitle>{failing.length ? 'Some text will be hard to read' : 'Contrast passes WCAG AA'}</AlertTitle>
      {failing.length
        ? `${failing.map(describe).join('; ')}. WCAG AA asks for at least ${AA_BODY_TEXT}:1; darken the text or lighten the background.`
        : results
            .filter((result) => result.ratio !== undefined)
            .map(describe)
            .join('; ')}
    </Alert>
  );
}
