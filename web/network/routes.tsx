import type { RouteObject } from 'react-router';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const networkRoutes: RouteObject[] = [
  // The sign-in page has no top navigation (spec), only its own dark-mode switch.
  { path: '/', handle: { title: 'Sign in' }, lazy: page(() => import('./sign-in-page.js')) },
  {
    // The shell is its own chunk, so pages of other areas never download the network's code.
    lazy: async () => ({ Component: (await import('./network-shell.js')).NetworkShell }),
    children: [
      { path: '/Home', caseSensitive: true, handle: { title: 'Home' }, lazy: page(() => import('./home-page.js')) },
      { path: '/home', caseSensitive: true, handle: { title: 'Home' }, lazy: page(() => import('./lower-case-home-page.js')) },
      { path: '/UserDetails', caseSensitive: true, handle: { title: 'Complete your profile' }, lazy: page(() => import('./user-details-page.js')) },
    ],
  },
];
