import {
  createTheme,
  type AutocompleteProps,
  type ComboboxProps,
  type DrawerProps,
  type ModalProps,
  type MultiSelectProps,
  type SelectProps,
} from '@mantine/core';

// primaryShade 8 and a darker placeholder (styles.css) keep text contrast above WCAG AA (STACK.md).
// Every dialog's and slide-in's close button is named 'Close' for screen readers (axe button-name):
// here once, so no dialog can leave it unnamed.
// A closed dropdown is not kept in the page: Mantine keeps each one mounted (hidden) by default, and
// floating-ui then measures every one of them as the screen first draws (eight on the booking list's
// filters, ~70 ms of forced style work, ~280 ms on a phone: Lighthouse TBT, issue 10).
// Plain objects, not `Select.extend(...)`: extend would import each component (with combobox,
// popover and floating-ui) into the start-up chunk, which every page parses before its first row.
const closedDropdownsUnmounted = { comboboxProps: { keepMounted: false } };
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<DrawerProps> },
    Combobox: { defaultProps: { keepMounted: false } satisfies Partial<ComboboxProps> },
    Select: { defaultProps: closedDropdownsUnmounted satisfies Partial<SelectProps> },
    MultiSelect: { defaultProps: closedDropdownsUnmounted satisfies Partial<MultiSelectProps> },
    Autocomplete: { defaultProps: closedDropdownsUnmounted satisfies Partial<AutocompleteProps> },
  },
});
