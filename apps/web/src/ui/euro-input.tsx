import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useState } from 'react';
import { MAX_EURO } from '@courier/domain/pricing/limits';

/** A plain amount of at most 2 decimals, as typed or held: '3', '1.5', '015', '.5', '12.'. */
const CENTS_TEXT = /^(\d*)(?:\.(\d{0,2}))?$/;

/**
 * What the field shows when it is not being typed in: an amount it can take to the cent ('3' as '3.00',
 * '0' as '0.00'), as the price cells and the money beside it show amounts. Anything it cannot take
 * ('-5', '2.345', past `max`, letters) is shown exactly as typed, beside the message saying why.
 */
function shownAtRest(value: NumberInputProps['value'], max: number): NumberInputProps['value'] {
  if (value === undefined || value === '' || typeof value === 'bigint') return value;
  const text = String(value).trim();
  const amount = CENTS_TEXT.exec(text);
  if (!amount || !/\d/.test(text) || Number(text) > max) return value;
  const whole = (amount[1] ?? '').replace(/^0+(?=\d)/, '') || '0';
  return `${whole}.${(amount[2] ?? '').padEnd(2, '0')}`;
}

/**
 * An amount in euro, typed freely: what is typed stays as typed ('-5', '2.345', a value out of range)
 * and the form's check refuses it with a message at the field (`readTypedEuro` reads it as the API
 * does). A minus or a third decimal is never dropped behind the user's back: a credit of -5 typed
 * would otherwise be saved as a charge of 5. Not being typed in, an amount shows to the cent (3.00, not
 * 3); the form's value is left as it is, so showing it that way changes nothing to save.
 */
export function EuroInput({ value, onChange, onFocus, onBlur, max, ...props }: NumberInputProps) {
  // From the first key until the field is left, it shows what is typed; before and after, the amount.
  const [typing, setTyping] = useState(false);
  return (
    <NumberInput
      min={0}
      clampBehavior="none"
      hideControls
      leftSection="€"
      // The amount shown is text ('3.00'): trimmed on leaving, Mantine would hand back 3 as a change.
      trimLeadingZeroesOnBlur={false}
      {...props}
      max={max}
      value={typing ? value : shownAtRest(value, typeof max === 'number' ? max : MAX_EURO)}
      onChange={(next) => {
        setTyping(true);
        onChange?.(next);
      }}
      // What the field holds is selected on entry, as in the company settings' number fields: typing
      // replaces it, so 15 typed over 0.00 is 15, not 0.0015. Selected as focus arrives (capture), not in
      // onFocus, which the number field calls only from a timeout: keys typed at once came before it.
      // All selected, the number field leaves the caret where it is.
      onFocusCapture={(event) => event.currentTarget.select()}
      onFocus={onFocus}
      onBlur={(event) => {
        setTyping(false);
        onBlur?.(event);
      }}
    />
  );
}
