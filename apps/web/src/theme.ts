import { createTheme, Drawer, Modal } from '@mantine/core';

// primaryShade 8 and a darker placeholder (styles.css) keep text contrast above WCAG AA (STACK.md).
// Every dialog's and slide-in's close button is named 'Close' for screen readers (axe button-name):
// here once, so no dialog can leave it unnamed.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
  },
});
