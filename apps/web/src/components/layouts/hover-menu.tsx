import { UI } from '@chuhai/contract';
import type { ReactNode } from 'react';
import { useHoverOpen } from './use-hover-open';

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
  const { open, close, toggle, hover } = useHoverOpen();

  return (
    // Hover only opens what the trigger button opens too: the keyboard reaches every item without it.
    <div className="hover-popover" {...hover}>
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
