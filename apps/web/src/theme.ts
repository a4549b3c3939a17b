import { createTheme } from '@mantine/core';

// primaryShade 8 and a darker placeholder (styles.css) keep text contrast above WCAG AA (STACK.md).
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
});
