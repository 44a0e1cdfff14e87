import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import styles from '../lms.module.css';

const links = [
  ['/lms-system/admin', 'Exam questions'],
  ['/lms-system/admin/course', 'Courses'],
  ['/lms-system/admin/logs', 'Exam logs'],
  ['/lms-system/admin/users', 'Users and programs'],
  ['/lms-system/admin/access-codes', 'Access codes'],
  ['/lms-system/admin/upcoming', 'Upcoming exams'],
  ['/lms-system/admin/exam-settings', 'Exam settings'],
  ['/lms-system/admin/essays', 'Essay grading'],
] as const;

export function AdminLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.adminShell}>
      <aside className={styles.sidebar}>
        <h2>LMS Admin</h2>
        <nav aria-label="LMS admin">
          {links.map(([to, label]) => (
            <NavLink key={to} to={to} end>
              {label}
            </NavLink>
          ))}
        </nav>
      </aside>
      <main className={styles.adminMain}>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
