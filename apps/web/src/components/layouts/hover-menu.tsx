import { UI } from '@chuhai/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A menu in the top bar: opens on hover after the menu delay and on its trigger (click, Enter),
 * closes on leaving, Escape or choosing an item. `trigger` gets the state to wire a button to.
 */
export function HoverMenu(props: {
  id: string;
  width: number;
  trigger: (menu: { open: boolean; toggle: () => void }) => ReactNode;
  items: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const setLater = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), UI.dropdownDelayMs);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const close = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  const toggle = () => {
    clearTimeout(timer.current);
    setOpen((now) => !now);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only opens what the trigger opens too
    <div
      className="hover-popover"
      onMouseEnter={() => setLater(true)}
      onMouseLeave={() => setLater(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setLater(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      {props.trigger({ open, toggle })}
      <ul
        id={props.id}
        className={`popover-panel popover-panel--menu${open ? ' popover-panel--open' : ''}`}
        style={{ width: props.width, zIndex: UI.zIndexBase }}
      >
        {props.items(close)}
      </ul>
    </div>
  );
}
