import MoreHorizontal from 'lucide-react/icons/more-horizontal';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './row-menu.module.css';

export type RowMenuItem =
  | { label: string; icon?: ReactNode; onSelect: () => void; danger?: boolean }
  /** Shown but not for choosing (e.g. "Reported" where a report was sent): focusable, announced as unavailable. */
  | { label: string; icon?: ReactNode; disabled: true }
  | { label: string; icon?: ReactNode; to: string };

/**
 * A row's actions behind one compact button, so a dense table shows one quiet control per row
 * instead of a strip of buttons (and a destructive action is a deliberate second step). A menu
 * button as the ARIA practices describe it: arrows move, Escape and Tab close, focus comes back.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();

  const itemsOf = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    itemsOf()[0]?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

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
      {open && (
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
                <Link role="menuitem" tabIndex={-1} to={item.to} className={styles.item} onClick={() => setOpen(false)}>
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
      )}
    </div>
  );
}
