import { type CSSVariablesResolver, createTheme, darken, keys } from '@mantine/core';

export const theme = createTheme({ primaryColor: 'indigo', primaryShade: { light: 7, dark: 8 }, defaultRadius: 'md' });

/**
 * Mantine's "dimmed" text (gray 6 on white, dark 2 on dark) falls short of WCAG AA's 4.5:1 contrast
 * for small text, as axe-core reports: a shade darker in light, lighter in dark.
 *
 * Its light variant (Alert titles and text, Badges, light Buttons) writes shade 9 on shade 1 in light,
 * which is about 4:1 for green, yellow, orange and teal: the text goes darker still, so every light
 * Alert and Badge reads at AA without a page styling its own. Dark keeps Mantine's shade 0 on a
 * darkened shade 9, which passes.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...Object.fromEntries(keys(resolved.colors).map((name) => [`--mantine-color-${name}-light-color`, darken(resolved.colors[name]![9], 0.3)])),
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
