import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { markUnreachable, onReconnected } from '../lib/connection.js';
import { replayHeldInput } from '../lib/held-input.js';
import { Button } from './button.js';

/*
 * Code downloaded when it is first shown: a part of a page (a menu, a dialog, a form, a renderer,
 * `lazyPart`) and every page (`lazyPage`, lazy-page.tsx), through one helper, `lazyLoaded`. Without a
 * fallback, a download that fails (a deploy replaced the chunk, a phone lost its connection) reaches
 * the error boundary above and the whole screen shows its error: here it is asked for again twice,
 * then stays in the place of what it would have drawn, with a way to try again (and tries again by
 * itself once the service is back), and the rest keeps working.
 */

type Loadable<P> = { default: ComponentType<P> };

// A chunk that fails to download is asked for again after these pauses before the screen says so.
const RETRY_DELAYS_MS = [500, 1_500];

/** The code could not be downloaded (told apart from what it draws failing as it draws). */
class CodeLoadError extends Error {}

/** A page's or a part's code could not be downloaded: an outage the screen shows, not a bug to log. */
export const isCodeLoadError = (error: unknown): boolean => error instanceof CodeLoadError;

async function loadWithRetries<Module>(load: () => Promise<Module>): Promise<Module> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        markUnreachable();
        throw new CodeLoadError('The code could not be downloaded', { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

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

type BoundaryProps = {
  children: ReactNode;
  failed: (retry: () => void) => ReactNode;
  /** Anything else thrown as it draws; without it, that goes on to the boundary above. */
  crashed: (() => ReactNode) | undefined;
  onRetry: () => void;
};

class LoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  private stop = () => {};

  override componentDidMount() {
    // Back online: what could not be downloaded downloads again by itself.
    this.stop = onReconnected(() => {
      if (this.state.error instanceof CodeLoadError) this.retry();
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
    if (error instanceof CodeLoadError) return this.props.failed(this.retry);
    if (this.props.crashed) return this.props.crashed();
    throw error;
  }
}

/**
 * Mounted with what was downloaded, so it runs once that is drawn or, in a page the server drew,
 * hydrated: what was tapped or sent on it before its JavaScript ran is done then (lib/held-input.ts).
 * A part hydrates after its page (its code comes later): the tracker result's sign-in button and
 * address form wait for it.
 */
function HeldInputReplay() {
  useEffect(() => replayHeldInput(), []);
  return null;
}

/**
 * A part of a page drawn on the server that React hydrates on its own (issue 42: each post card of
 * the feed): a Suspense boundary, whose content React 19 hydrates after the page around it, at a
 * lower priority and in slices that let the browser answer in between, not in one long task.
 * What was tapped on it before is done once it is hydrated (the head's script held it,
 * lib/held-input.ts). Drawn in the browser, it is a plain wrapper: nothing in it suspends.
 */
export function HydratedApart({ children }: { children: ReactNode }) {
  return (
    <Suspense>
      {children}
      <HeldInputReplay />
    </Suspense>
  );
}

type Fallbacks<P> = {
  /** Shown while the code downloads; nothing by default. */
  loading?: (props: P) => ReactNode;
  /** Shown when it could not be downloaded; by default a short sentence and "Try again". */
  failed?: (props: P, retry: () => void) => ReactNode;
  /** Shown when it fails as it draws; by default that goes on to the boundary above. */
  crashed?: (props: P) => ReactNode;
};

/**
 * A component whose code is downloaded when it first renders (or when `start` is called), asked for
 * again after a failure, with its fallbacks. Call it once per page or part, at module level.
 */
export function lazyLoaded<P extends object>(
  load: () => Promise<Loadable<P>>,
  fallbacks: Fallbacks<P> = {},
): { Loaded: ComponentType<P>; start: () => Promise<Loadable<P>> } {
  let loading: Promise<Loadable<P>> | undefined;
  const start = () =>
    (loading ??= loadWithRetries(load).catch((error: unknown) => {
      // Forgotten, so the next attempt downloads again instead of repeating the failure.
      loading = undefined;
      current.failed = true;
      throw error;
    }));
  // React.lazy remembers a failure for good: a retry needs a fresh one. Only then: another place
  // showing the same code, already loaded, would otherwise get a new component and lose its state.
  const current = { Part: lazy(start), failed: false };

  function Loaded(props: P) {
    const [, setAttempt] = useState(0);
    const Part = current.Part as ComponentType<P>;
    const { crashed } = fallbacks;
    return (
      <LoadBoundary
        onRetry={() => {
          if (current.failed) {
            current.failed = false;
            current.Part = lazy(start);
          }
          setAttempt((attempt) => attempt + 1);
        }}
        failed={(retry) => (fallbacks.failed ? fallbacks.failed(props, retry) : <PartUnavailable retry={retry} />)}
        crashed={crashed && (() => crashed(props))}
      >
        <Suspense fallback={fallbacks.loading?.(props) ?? null}>
          <Part {...props} />
          <HeldInputReplay />
        </Suspense>
      </LoadBoundary>
    );
  }
  return { Loaded, start };
}

/**
 * A part of a page whose code is downloaded when it first renders, and which falls back (`failed`)
 * instead of failing the page when the download fails. Call it once per part, at module level.
 */
export function lazyPart<P extends object>(
  load: () => Promise<Loadable<P>>,
  fallbacks: Omit<Fallbacks<P>, 'crashed'> = {},
): ComponentType<P> {
  return lazyLoaded(load, fallbacks).Loaded;
}
