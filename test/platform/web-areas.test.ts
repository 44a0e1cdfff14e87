import { describe, expect, it } from 'vitest';
import { webAreaOf, type WebArea } from '../../contracts/web-areas.js';
import { caseAdminRoutes } from '../../web/cases/admin-routes.js';
import { casesRoutes } from '../../web/cases/routes.js';
import { lmsRoutes } from '../../web/lms/routes.js';
import { networkRoutes } from '../../web/network/routes.js';
import { matchRoutes, type RouteObject } from '../../web/lib/routing.js';
import { unknownPath } from '../../web/router.js';

const paths = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children ?? [])]);

describe('which area an address belongs to', () => {
  const tables: [WebArea, RouteObject[]][] = [
    ['cases', casesRoutes],
    ['caseadmin', caseAdminRoutes],
    ['lms', lmsRoutes],
    ['network', networkRoutes],
  ];

  it.each(tables)(
    'when any route of the %s area is opened, then its own area answers it (its route table is the one downloaded)',
    (area, routes) => {
      const routePaths = paths(routes);
      expect(routePaths.length).toBeGreaterThan(3);
      for (const path of routePaths) expect([path, webAreaOf(path.replace(/:\w+/g, 'x1'))]).toEqual([path, area]);
    },
  );

  it.each(tables)(
    'when any page of the %s area is opened, then that very page answers, not an earlier route of the table (the router takes the first match)',
    (_area, routes) => {
      const table = [...routes, unknownPath];
      const pages = (list: RouteObject[]): RouteObject[] =>
        list.flatMap((route) => [...(route.path ? [route] : []), ...pages(route.children ?? [])]);
      for (const page of pages(routes)) {
        const path = page.path?.replace(/:\w+/g, 'x1') ?? '';
        expect([path, matchRoutes(table, path)?.at(-1)?.route.path]).toEqual([path, page.path]);
      }
    },
  );

  it('when an address is typed in another letter case or with a trailing slash, then it still goes to its area', () => {
    expect(webAreaOf('/CaseTracking')).toBe('cases');
    expect(webAreaOf('/caseadmin/')).toBe('caseadmin');
    expect(webAreaOf('/CaseAdmin/Login')).toBe('caseadmin');
    expect(webAreaOf('/LMS-System/login')).toBe('lms');
    expect(webAreaOf('/Courses/12')).toBe('lms');
  });

  it('when an address only starts like an area, or is unknown, then the network answers it (with its not-found page)', () => {
    expect(webAreaOf('/casetrackingx')).toBe('network');
    expect(webAreaOf('/caseadminx')).toBe('network');
    expect(webAreaOf('/examples')).toBe('network');
    expect(webAreaOf('/nothing-here')).toBe('network');
    expect(webAreaOf('/')).toBe('network');
  });
});
