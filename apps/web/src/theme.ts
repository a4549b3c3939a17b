import { Autocomplete, Combobox, createTheme, Drawer, Modal, MultiSelect, Select } from '@mantine/core';

// primaryShade 8 and a darker placeholder (styles.css) keep text contrast above WCAG AA (STACK.md).
// Every dialog's and slide-in's close button is named 'Close' for screen readers (axe button-name):
// here once, so no dialog can leave it unnamed.
// A closed dropdown is not kept in the page: Mantine keeps each one mounted (hidden) by default, and
// floating-ui then measures every one of them as the screen first draws (eight on the booking list's
// filters, ~70 ms of forced style work, ~280 ms on a phone: Lighthouse TBT, issue 10).
const closedDropdownsUnmounted = { comboboxProps: { keepMounted: false } };
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
    Select: Select.extend({ defaultProps: closedDropdownsUnmounted }),
    MultiSelect: MultiSelect.extend({ defaultProps: closedDropdownsUnmounted }),
    Autocomplete: Autocomplete.extend({ defaultProps: closedDropdownsUnmounted }),
  },
});
