import { EmptyState } from '../ui/states.js';

export default function NetworkPlaceholderPage() {
  return (
    <main>
      <h1 className="visually-hidden">Pathway network</h1>
      <EmptyState>The network feed is coming soon.</EmptyState>
    </main>
  );
}
