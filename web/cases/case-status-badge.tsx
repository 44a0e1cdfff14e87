import type { CaseStatus } from '../../contracts/cases.js';
import styles from './case-status-badge.module.css';

const toneByStatus: Record<CaseStatus, string | undefined> = {
  'Under Review': styles.review,
  'In Progress': styles.progress,
  Completed: styles.completed,
};

/** `label`: the status in the reader's language (the applicant screens); staff see the status as it is. */
export function CaseStatusBadge({ status, label }: { status: CaseStatus; label?: string }) {
  return <span className={`${styles.badge} ${toneByStatus[status] ?? ''}`}>{label ?? status}</span>;
}
