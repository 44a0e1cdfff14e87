import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'normal' | 'small';
};

export function Button({ variant = 'primary', size = 'normal', className, type = 'button', ...props }: Props) {
  const classes = [styles.button, styles[variant], size === 'small' ? styles.small : '', className ?? ''].join(' ');
  return <button type={type} className={classes} {...props} />;
}

export const buttonClassName = (variant: NonNullable<Props['variant']> = 'primary') =>
  `${styles.button} ${styles[variant]}`;
