import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import { markUnreachable, onReconnected } from '../lib/connection.js';
import { replayHeldInput } from '../lib/held-input.js';
import { UNREACHABLE_MESSAGE } from '../lib/api-error.js';
import { ErrorState, LoadingState } from './states.js';

type PageModule = { default: ComponentType };

// The loader of each lazy page element, so the router can start every matched route's chunk at
// once (a shell and its page in parallel) instead of one after the other as each renders.
const loaders = new WeakMap<ReactElement, () => Promise<PageModule>>();

// A chunk that fails to download is asked for again after these pauses before the page says so.
const RETRY_DELAYS_MS = [500, 1_500];

/** A page's code could not be downloaded (the server or the network is away). */
class PageLoadError extends Error {}

export const isPageLoadError = (error: unknown): boolean => error instanceof PageLoadError;

async function loadWithRetries(load: () => Promise<PageModule>): Promise<PageModule> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        markUnreachable();
        throw new PageLoadError('The page could not be downloaded', { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

type BoundaryProps = { children: ReactNode; onRetry: () => void };

/**
 * Keeps a page's failure inside the place the page takes: the shell around it (logo, navigation)
 * stays. A page whose code could not be downloaded loads again by itself once the service is back.
 */
class PageBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  private stopListening: (() => void) | undefined;

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidMount() {
    this.stopListening = onReconnected(() => {
      if (this.state.error instanceof PageLoadError) this.retry();
    });
  }

  override componentWillUnmount() {
    this.stopListening?.();
  }

  private retry = () => {
    this.props.onRetry();
    this.setState({ error: undefined });
  };

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (error instanceof PageLoadError) {
      return <ErrorState message={UNREACHABLE_MESSAGE} onRetry={this.retry} />;
    }
    return <ErrorState message="Something went wrong showing this page." onRetry={() => window.location.reload()} />;
  }
}

/**
 * Mounted with a page's content, so it runs once the page is drawn or, for a page the server drew,
 * hydrated: what was tapped or sent on it before its JavaScript ran is done then (lib/held-input.ts).
 */
function HeldInputReplay() {
  useEffect(() => replayHeldInput(), []);
  return null;
}

/**
 * A route element whose code is its own chunk, loaded when the route is first shown: the public
 * tracker never downloads the admin pages. Call it once per page, at module level.
 */
export function lazyPage(load: () => Promise<PageModule>): ReactElement {
  let loading: Promise<PageModule> | undefined;
  const start = () =>
    (loading ??= loadWithRetries(load).catch((error: unknown) => {
      // Forgotten, so the next attempt downloads again instead of repeating the failure.
      loading = undefined;
      throw error;
    }));
  // React.lazy remembers a failure for good: a retry needs a fresh one.
  const current = { Page: lazy(start) };

  function LazyPage() {
    const [, setAttempt] = useState(0);
    const retry = () => {
      current.Page = lazy(start);
      setAttempt((attempt) => attempt + 1);
    };
    const Page = current.Page;
    return (
      <PageBoundary onRetry={retry}>
        <Suspense fallback={<LoadingState />}>
          <Page />
          <HeldInputReplay />
        </Suspense>
      </PageBoundary>
    );
  }

  const element = <LazyPage />;
  loaders.set(element, start);
  return element;
}

/** Starts loading the chunks of these route elements (those made by `lazyPage`). */
export function preloadPages(elements: readonly unknown[]): void {
  for (const element of elements) {
    // A failure here is seen again, and shown, by the page itself.
    if (element && typeof element === 'object')
      loaders
        .get(element as ReactElement)?.()
        .catch(() => {});
  }
}
