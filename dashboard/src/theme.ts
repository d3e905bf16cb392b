import { createTheme } from '@mantine/core';

// Mantine's default blue fails WCAG AA contrast for small text on white in places; a darker shade is the primary.
export const theme = createTheme({ primaryColor: 'indigo', primaryShade: { light: 7, dark: 4 }, defaultRadius: 'md' });
