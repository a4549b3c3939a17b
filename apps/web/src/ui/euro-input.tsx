import { NumberInput, type NumberInputProps } from '@mantine/core';

/**
 * An amount in euro: 0 or more, whole cents, typed freely (a value out of range is shown as typed and
 * refused by the form's check, never changed behind the user's back).
 */
export function EuroInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      allowNegative={false}
      decimalScale={2}
      clampBehavior="none"
      hideControls
      leftSection="€"
      {...props}
    />
  );
}
