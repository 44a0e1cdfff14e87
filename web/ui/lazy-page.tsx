import type { ComponentType, ReactElement } from 'react';
import { UNREACHABLE_MESSAGE } from '../lib/api-error.js';
import { lazyLoaded } from './lazy-part.js';
import { ErrorState, LoadingState } from './states.js';

type PageModule = { default: ComponentType };

// The loader of each lazy page element, so the router can start every matched route's chunk at
// once (a shell and its page in parallel) instead of one after the other as each renders.
const loaders = new WeakMap<ReactElement, () => Promise<PageModule>>();

/**
 * A route element whose code is its own chunk, loaded when the route is first shown: the public
 * tracker never downloads the admin pages. A page that fails keeps its failure inside the place it
 * takes (the shell around it, logo and navigation, stays); one whose code could not be downloaded
 * loads again by itself once the service is back (lazy-part.tsx's `lazyLoaded`, as for the parts).
 * Call it once per page, at module level.
 */
export function lazyPage(load: () => Promise<PageModule>): ReactElement {
  const { Loaded, start } = lazyLoaded<object>(load, {
    loading: () => <LoadingState />,
    failed: (_props, retry) => <ErrorState message={UNREACHABLE_MESSAGE} onRetry={retry} />,
    crashed: () => (
      <ErrorState message="Something went wrong showing this page." onRetry={() => window.location.reload()} />
    ),
  });
  const element = <Loaded />;
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
