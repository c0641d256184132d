/**
 * The storefront theme as CSS custom properties. Values come from a validated site (hex colours,
 * a font stack from the schema's fixed list, a bounded radius), so they are safe to place in a
 * stylesheet; the header style picks the header's colours from the same palette.
 */
import type { SiteSettings } from './types.generated';

export type Theme = Required<NonNullable<SiteSettings['theme']>>;

export function themeCssVariables(theme: Theme): Record<string, string> {
  const header = {
    light: { background: theme.backgroundColor, text: theme.primaryColor },
    dark: { background: theme.textColor, text: theme.backgroundColor },
    primary: { background: theme.primaryColor, text: theme.backgroundColor },
  }[theme.headerStyle];
  return {
    '--color-primary': theme.primaryColor,
    '--color-accent': theme.accentColor,
    '--color-text': theme.textColor,
    '--color-background': theme.backgroundColor,
    '--color-header-background': header.background,
    '--color-header-text': header.text,
    '--font-body': theme.fontStack,
    '--radius': `${theme.cornerRadius}px`,
  };
}

/** The variables as one `:root { … }` rule. */
export function themeStylesheet(theme: Theme): string {
  return `:root{${Object.entries(themeCssVariables(theme))
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}
