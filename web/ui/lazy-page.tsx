import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingState } from './states.js';

/**
 * A route element whose code is its own chunk, loaded when the route is first shown: the public
 * tracker never downloads the admin pages or Chart.js. Call it once per page, at module level.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<LoadingState />}>
      <Page />
    </Suspense>
  );
}
