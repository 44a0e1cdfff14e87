import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { LoadingState } from './states.js';

type PageModule = { default: ComponentType };

// The loader of each lazy page element, so the router can start every matched route's chunk at
// once (a shell and its page in parallel) instead of one after the other as each renders.
const loaders = new WeakMap<ReactElement, () => Promise<PageModule>>();

/**
 * A route element whose code is its own chunk, loaded when the route is first shown: the public
 * tracker never downloads the admin pages or Chart.js. Call it once per page, at module level.
 */
export function lazyPage(load: () => Promise<PageModule>): ReactElement {
  let loading: Promise<PageModule> | undefined;
  const start = () => (loading ??= load());
  const Page = lazy(start);
  const element = (
    <Suspense fallback={<LoadingState />}>
      <Page />
    </Suspense>
  );
  loaders.set(element, start);
  return element;
}

/** Starts loading the chunks of these route elements (those made by `lazyPage`). */
export function preloadPages(elements: readonly unknown[]): void {
  for (const element of elements) {
    if (element && typeof element === 'object') void loaders.get(element as ReactElement)?.();
  }
}
