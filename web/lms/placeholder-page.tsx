import { EmptyState } from '../ui/states.js';

export default function LmsPlaceholderPage() {
  return (
    <main>
      <h1 className="visually-hidden">Pathway learning</h1>
      <EmptyState>Learning and mock exams are coming soon.</EmptyState>
    </main>
  );
}
