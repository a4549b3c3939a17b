import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * An amount in euro, typed freely: what is typed stays as typed ('-5', '2.345', a value out of range)
 * and the form's check refuses it with a message at the field (`readTypedEuro` reads it as the API
 * does). A minus or a third decimal is never dropped behind the user's back: a credit of -5 typed
 * would otherwise be saved as a charge of 5.
 */
export function EuroInput(props: NumberInputProps) {
  return <NumberInput min={0} clampBehavior="none" hideControls leftSection="€" {...props} />;
}
