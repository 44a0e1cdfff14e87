import { EmptyState } from '../ui/states.js';

export default function CasesPlaceholderPage() {
  return (
    <main>
      <h1 className="visually-hidden">Track Your Application</h1>
      <EmptyState>Case tracking is coming soon.</EmptyState>
    </main>
  );
}
