import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { NEW_PASSWORD_MAX_LENGTH, NEW_PASSWORD_MIN_LENGTH } from '../../contracts/password-rules.js';
import styles from './field.module.css';
import { useFieldError } from './form.js';

/** `error`: a plain sentence shown under the field, which is then marked invalid. */
type FieldProps = { label: string; hint?: ReactNode; error?: string | null };

export function TextField({
  label,
  hint,
  error: givenError,
  id,
  className,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const formError = useFieldError(inputId);
  const error = givenError || formError;
  const errorId = `${inputId}-error`;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {hint && <span className={styles.hint}>{hint}</span>}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * A password being chosen (sign-up, reset, an admin setting one): the length every area's server
 * accepts (8 to 200 characters) and the browser's offer to generate and save one.
 */
export function NewPasswordField(
  props: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'minLength' | 'maxLength'>,
) {
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      required
      minLength={NEW_PASSWORD_MIN_LENGTH}
      maxLength={NEW_PASSWORD_MAX_LENGTH}
      {...props}
    />
  );
}

export function SelectField({
  label,
  hint,
  error: givenError,
  id,
  className,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const formError = useFieldError(selectId);
  const error = givenError || formError;
  const errorId = `${selectId}-error`;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label className={styles.label} htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className={styles.control}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {children}
      </select>
      {hint && <span className={styles.hint}>{hint}</span>}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

export function TextareaField({
  label,
  hint,
  error: givenError,
  id,
  className,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  const formError = useFieldError(textareaId);
  const error = givenError || formError;
  const errorId = `${textareaId}-error`;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label className={styles.label} htmlFor={textareaId}>
        {label}
      </label>
      <textarea
        id={textareaId}
        className={`${styles.control} ${styles.textarea}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textarea}
      />
      {hint && <span className={styles.hint}>{hint}</span>}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
