import type { DocumentStatus } from '../../contracts/case-documents.js';
import styles from './admin-case-documents-panel.module.css';

const labels: Record<DocumentStatus, string> = {
  requested: 'Requested',
  uploaded: 'Awaiting review',
  accepted: 'Accepted',
  rejected: 'Rejected',
};
const tones: Record<DocumentStatus, string | undefined> = {
  requested: undefined,
  uploaded: styles.uploaded,
  accepted: styles.accepted,
  rejected: styles.rejected,
};

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return <span className={`${styles.status} ${tones[status] ?? ''}`}>{labels[status]}</span>;
}
