import type { CaseStatus } from '../../contracts/cases.js';
import styles from './case-status-badge.module.css';

const toneByStatus: Record<CaseStatus, string | undefined> = {
  'Under Review': styles.review,
  'In Progress': styles.progress,
  Completed: styles.completed,
};

export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  return <span className={`${styles.badge} ${toneByStatus[status] ?? ''}`}>{status}</span>;
}
