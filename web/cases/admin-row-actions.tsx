import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash-2';
import type { ReactNode } from 'react';
import { Button } from '../ui/button.js';
import styles from './admin-pages.module.css';

/**
 * A catalogue row's Edit and Delete (or Remove) buttons, each named with the row's own name for
 * screen readers ("Edit Work Visa"), after any buttons of the row's own (a step's Move up and down).
 * One component for the services, steps and documents tables, so their rows read and wrap alike.
 */
export function RowActions({
  name,
  onEdit,
  onDelete,
  deleteLabel = 'Delete',
  children,
}: {
  /** The row's name, as the buttons' accessible names say it. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** "Remove" where the row is taken off something rather than deleted. */
  deleteLabel?: 'Delete' | 'Remove';
  children?: ReactNode;
}) {
  return (
    <div className={styles.rowActions}>
      {children}
      <Button size="small" variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
        <Pencil aria-hidden="true" size={14} /> Edit
      </Button>
      <Button size="small" variant="danger" onClick={onDelete} aria-label={`${deleteLabel} ${name}`}>
        <Trash2 aria-hidden="true" size={14} /> {deleteLabel}
      </Button>
    </div>
  );
}
