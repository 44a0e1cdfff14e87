import MoreHorizontal from 'lucide-react/icons/more-horizontal';
import { useId, useRef, useState } from 'react';
import { lazyPart, UNAVAILABLE_PART } from './lazy-part.js';
import type { RowMenuItem } from './row-menu-list.js';
import styles from './row-menu.module.css';

export type { RowMenuItem } from './row-menu-list.js';

// The open menu (its items, keys and outside clicks) loads when a menu is first opened: a feed or a
// table shows a closed menu on every row and opens few of them (issue 42). Not downloaded, the menu
// says so where it would open, and the page stays.
const RowMenuList = lazyPart(() => import('./row-menu-list.js'), {
  failed: (_props, retry) => (
    <div className={styles.menu} role="alert">
      {UNAVAILABLE_PART}{' '}
      <button type="button" className={styles.item} onClick={retry}>
        Try again
      </button>
    </div>
  ),
});

/**
 * A row's actions behind one compact button, so a dense table shows one quiet control per row
 * instead of a strip of buttons (and a destructive action is a deliberate second step). A menu
 * button as the ARIA practices describe it: arrows move, Escape and Tab close, focus comes back.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  return (
    <div className={styles.anchor}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <MoreHorizontal aria-hidden="true" size={18} />
      </button>
      {open && <RowMenuList id={id} label={label} items={items} trigger={button} onClose={close} />}
    </div>
  );
}
