import type { ReactNode } from 'react';
import { usePublicConfig } from '../lib/public-config.js';
import { buttonClassName } from '../ui/button.js';
import { Modal } from '../ui/modal.js';
import styles from './lms.module.css';
import { RequestPremium } from './premium-request.js';
import { RedeemCodeForm } from './redeem-code.js';

/**
 * Opens the chat with the prefilled text "I want to upgrade my mock exam", in a new tab. Without a
 * configured chat number there is no one to chat with, so it says how an upgrade happens instead.
 */
export function UpgradeButton({ label = 'Upgrade to Premium' }: { label?: string }) {
  const config = usePublicConfig();
  if (!config.data) return null;
  if (!config.data.upgradeChatUrl) {
    return <p className={styles.muted}>To upgrade, redeem an access code from your agency or the LMS administrator.</p>;
  }
  return (
    <a
      className={buttonClassName('primary')}
      href={config.data.upgradeChatUrl}
      target="_blank"
      rel="noopener noreferrer"
    >
      {label}
    </a>
  );
}

/** A locked screen: what is behind it (`children`), the upgrade, the way in with an access code, and asking an admin. */
export function LockedPanel({
  title = 'Premium Content Locked',
  message,
  children,
}: {
  title?: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <section className={`${styles.card} ${styles.locked}`} aria-label={title}>
      <h2>{title}</h2>
      <p>{message}</p>
      {children}
      <UpgradeButton />
      <RedeemCodeForm />
      <RequestPremium />
    </section>
  );
}

export function UpgradeDialog({ open, onClose, message }: { open: boolean; onClose: () => void; message?: string }) {
  return (
    <Modal title="Upgrade Required" open={open} onClose={onClose}>
      <p>{message ?? 'This section is locked. Upgrade to Premium to access it.'}</p>
      <UpgradeButton />
      <RedeemCodeForm />
      <RequestPremium />
    </Modal>
  );
}
