import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Link } from '../lib/routing.js';
import styles from './row-menu.module.css';

export type RowMenuItem =
  | { label: string; icon?: ReactNode; onSelect: () => void; danger?: boolean }
  /** Shown but not for choosing (e.g. "Reported" where a report was sent): focusable, announced as unavailable. */
  | { label: string; icon?: ReactNode; disabled: true }
  | { label: string; icon?: ReactNode; to: string };

/**
 * RowMenu's open menu, loaded with the first opening (row-menu.tsx): the first item takes the focus,
 * arrows move, Escape and Tab close, a press outside closes.
 */
export default function RowMenuList({
  id,
  label,
  items,
  trigger,
  onClose,
}: {
  id: string;
  label: string;
  items: RowMenuItem[];
  trigger: RefObject<HTMLButtonElement | null>;
  onClose: (returnFocus: boolean) => void;
}) {
  const menu = useRef<HTMLUListElement>(null);
  const itemsOf = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = onClose;
  // The latest onClose for the listener added once, when the menu opens.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !trigger.current?.contains(target)) closeRef.current(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [trigger]);

  const onMenuKey = (event: KeyboardEvent) => {
    const all = itemsOf();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(all.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <ul ref={menu} id={id} role="menu" aria-label={label} className={styles.menu} onKeyDown={onMenuKey}>
      {items.map((item) => (
        <li key={item.label} role="none">
          {'disabled' in item ? (
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              aria-disabled="true"
              className={`${styles.item} ${styles.disabled}`}
            >
              {item.icon}
              {item.label}
            </button>
          ) : 'to' in item ? (
            <Link role="menuitem" tabIndex={-1} to={item.to} className={styles.item} onClick={() => close(false)}>
              {item.icon}
              {item.label}
            </Link>
          ) : (
            <button
              role="menuitem"
              tabIndex={-1}
              type="button"
              className={`${styles.item} ${item.danger ? styles.danger : ''}`}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.icon}
              {item.label}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
