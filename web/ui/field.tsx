import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import styles from './field.module.css';

type FieldProps = { label: string; hint?: ReactNode };

export function TextField({ label, hint, id, className, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input id={inputId} className={styles.control} {...input} />
      {hint && <span className={styles.hint}>{hint}</span>}
    </div>
  );
}

export function SelectField({ label, hint, id, className, children, ...select }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label className={styles.label} htmlFor={selectId}>
        {label}
      </label>
      <select id={selectId} className={styles.control} {...select}>
        {children}
      </select>
      {hint && <span className={styles.hint}>{hint}</span>}
    </div>
  );
}
