/**
 * Props for a searchable Mantine Select used as a picker: choosing an option does something (adds a
 * tag, jumps to an entry) and the field never holds a value.
 *
 * Opening such a list otherwise marks its current value (there is none) a moment later, in a Mantine
 * setTimeout. On a busy machine that ran after ArrowDown had marked an option, and Enter then took
 * nothing while the option still showed as chosen. `selectFirstOptionOnDropdownOpen` marks at once
 * instead (nothing: the list is not drawn yet), so what ArrowDown marks is what Enter takes.
 */
export const PICKER_SELECT = { value: null, selectFirstOptionOnDropdownOpen: true } as const;
