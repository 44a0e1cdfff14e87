import { useParams } from './routing.js';

/**
 * A database id from the address (`/caseadmin/services/12/steps`), read as the API reads ids:
 * plain digits, 1 to 2147483647. `null` for anything else ("abc", "0", "0x10", "99999999999"), so a
 * page shows its not-found state instead of asking the server.
 */
export function routeId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The address's `:id` as `routeId` reads it. */
export function useRouteId(): number | null {
  return routeId(useParams().id);
}
