import { Portal } from '@mantine/core';
import { useId, useState, type FocusEvent, type PointerEvent } from 'react';
import classes from './booking-table.module.css';

interface Shown {
  text: string;
  left: number;
  top: number;
}

/**
 * One tooltip for a whole table: pointing at (or tabbing into) a cell marked `data-truncates` whose
 * text is cut by its ellipsis shows the whole text beside it. One listener on the table instead of a
 * tooltip widget per cell keeps the virtualised rows plain elements that scroll smoothly.
 */
export function useTruncationTooltip() {
  const id = useId();
  const [shown, setShown] = useState<Shown | null>(null);

  const show = (target: EventTarget) => {
    const cell = target instanceof Element ? target.closest<HTMLElement>('[data-truncates]') : null;
    if (!cell || cell.scrollWidth <= cell.clientWidth) {
      setShown(null);
      return;
    }
    const rect = cell.getBoundingClientRect();
    setShown({ text: cell.textContent ?? '', left: rect.left, top: rect.bottom + 4 });
  };
  const hide = () => setShown(null);

  return {
    targetProps: {
      onPointerOver: (event: PointerEvent) => show(event.target),
      onPointerLeave: hide,
      onFocus: (event: FocusEvent) => show(event.target),
      onBlur: hide,
      onScroll: hide,
    },
    element: shown && (
      <Portal>
        <div id={id} role="tooltip" className={classes.tooltip} style={{ left: shown.left, top: shown.top }}>
          {shown.text}
        </div>
      </Portal>
    ),
  };
}
