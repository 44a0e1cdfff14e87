import { Component, type ReactNode } from 'react';
import { Button } from '../ui/button.js';
import { ErrorState } from '../ui/states.js';

type Props = { children: ReactNode };

/** Shown when a page fails to load or render (for example a new deployment replaced its code). */
export class RouteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main style={{ padding: '2rem' }}>
        <ErrorState message="Something went wrong loading this page." />
        <p style={{ textAlign: 'center' }}>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </p>
      </main>
    );
  }
}
