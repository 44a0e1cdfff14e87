import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { onReconnected } from '../lib/connection.js';
import { replayHeldInput } from '../lib/held-input.js';
import { Button } from './button.js';

/*
 * A part of a page whose code is downloaded when it is first shown (a menu, a dialog, a form, a
 * renderer). Without a fallback, a download that fails (a deploy replaced the chunk, a phone lost
 * its connection) reaches the page's error boundary and the whole page shows its error: here it
 * stays in the part's place, with a way to try again, and the page around it keeps working.
 * lazy-page.tsx does the same for whole pages.
 */

type PartModule<P> = { default: ComponentType<P> };

type Options<P> = {
  /** Shown while the code downloads; nothing by default. */
  loading?: (props: P) => ReactNode;
  /** Shown when it could not be downloaded; by default a short sentence and "Try again". */
  failed?: (props: P, retry: () => void) => ReactNode;
};

/** The part's code could not be downloaded (told apart from the part failing as it draws). */
class PartLoadError extends Error {}

// Every first page carries this file (it must be there when the network is not): it is kept small,
// and its look is theme.css's `.part-unavailable`, not a CSS module's class map.

export const UNAVAILABLE_PART = 'This part of the page could not be downloaded. Try again, or reload the page.';

/** The default fallback: what happened, and the way to try again, where the part would be (a translated screen gives its words). */
export function PartUnavailable({
  retry,
  message = UNAVAILABLE_PART,
  retryLabel = 'Try again',
}: {
  retry: () => void;
  message?: string;
  retryLabel?: string;
}) {
  return (
    <div className="part-unavailable" role="alert">
      {message}{' '}
      <Button variant="secondary" size="small" onClick={retry}>
        {retryLabel}
      </Button>
    </div>
  );
}

type BoundaryProps = { children: ReactNode; fallback: (retry: () => void) => ReactNode; onRetry: () => void };

/** Catches only a failed download; anything else the part throws goes on to the page's boundary. */
class PartBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  private stop = () => {};

  override componentDidMount() {
    // Back online: a part that could not be downloaded downloads again by itself.
    this.stop = onReconnected(() => {
      if (this.state.error instanceof PartLoadError) this.retry();
    });
  }

  override componentWillUnmount() {
    this.stop();
  }

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ error: undefined });
  };

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (error instanceof PartLoadError) return this.props.fallback(this.retry);
    throw error;
  }
}

/**
 * Mounted with the part's content, so it runs once the part is drawn or, in a page the server drew,
 * hydrated: a part hydrates after its page (its code comes later), and what was tapped or sent on it
 * before then (the tracker result's sign-in button and address form) waits for it (lib/held-input.ts).
 */
function HeldInputReplay() {
  useEffect(() => replayHeldInput(), []);
  return null;
}

/**
 * A component whose code is downloaded when it first renders, and which falls back (`failed`)
 * instead of failing the page when the download fails. Call it once per part, at module level.
 */
export function lazyPart<P extends object>(
  load: () => Promise<PartModule<P>>,
  options: Options<P> = {},
): ComponentType<P> {
  const start = () =>
    load().catch((cause: unknown) => {
      current.failed = true;
      throw new PartLoadError('', { cause });
    });
  // React.lazy remembers a failure for good: a retry needs a fresh one. Only then: another place
  // showing the part, already loaded, would otherwise get a new component and lose its state.
  const current = { Part: lazy(start), failed: false };

  function LazyPart(props: P) {
    const [, setAttempt] = useState(0);
    const Part = current.Part as ComponentType<P>;
    return (
      <PartBoundary
        onRetry={() => {
          if (current.failed) {
            current.failed = false;
            current.Part = lazy(start);
          }
          setAttempt((attempt) => attempt + 1);
        }}
        fallback={(retry) => (options.failed ? options.failed(props, retry) : <PartUnavailable retry={retry} />)}
      >
        <Suspense fallback={options.loading?.(props) ?? null}>
          <Part {...props} />
          <HeldInputReplay />
        </Suspense>
      </PartBoundary>
    );
  }
  return LazyPart;
}
