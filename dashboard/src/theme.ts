import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const theme = createTheme({ primaryColor: 'indigo', primaryShade: { light: 7, dark: 8 }, defaultRadius: 'md' });

/**
 * Mantine's "dimmed" text (gray 6 on white, dark 2 on dark) falls short of WCAG AA's 4.5:1 contrast
 * for small text, as axe-core reports: a shade darker in light, lighter in dark.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
