import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import styles from './toast.module.css';

type Toast = { id: number; text: string; tone: 'info' | 'error' };
type Notify = (text: string, tone?: Toast['tone']) => void;

const ToastContext = createContext<Notify>(() => {});
const VISIBLE_MS = 4000;

/** Short messages ("Current step updated!") announced to screen readers and shown without blocking. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const notify = useCallback<Notify>((text, tone = 'info') => {
    const id = Date.now() + Math.random();
    setToasts((current) => [...current, { id, text, tone }]);
    setTimeout(() => setToasts((current) => current.filter((toast) => toast.id !== id)), VISIBLE_MS);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className={styles.region} role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`${styles.toast} ${toast.tone === 'error' ? styles.error : ''}`}>
            {toast.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
