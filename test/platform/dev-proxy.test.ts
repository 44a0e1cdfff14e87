import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../vite.config.js';
import { routeTable } from '../attack/route-table.js';

describe('the dev server', () => {
  it('when npm run dev:web serves the front end, then every route of the server is forwarded to the API', () => {
    // The attack tests hold the route table to the router, so this is every route there is.
    const paths = routeTable.map((entry) => entry.route.split(' ')[1] ?? '');
    const notForwarded = paths.filter(
      (path) => !apiPaths.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)),
    );
    expect(notForwarded).toEqual([]);
  });
});
