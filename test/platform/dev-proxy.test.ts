import { describe, expect, it } from 'vitest';
import { apiPaths, pagesDrawnWithData, pagesTakingPosts } from '../../vite.config.js';
import { routeTable } from '../attack/route-table.js';

describe('the dev server', () => {
  it('when npm run dev:web serves the front end, then every route of the server is forwarded to the API', () => {
    // The attack tests hold the route table to the router, so this is every route there is.
    const notForwarded = routeTable
      .map((entry) => entry.route)
      .filter((route) => {
        const [method, path = ''] = route.split(' ');
        if (method === 'POST' && pagesTakingPosts.includes(path)) return false;
        if (method === 'GET' && pagesDrawnWithData.includes(path)) return false;
        return !apiPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
      });
    expect(notForwarded).toEqual([]);
  });
});
