/**
 * A database id from the address (`/caseadmin/services/12/steps`), as the server accepts it:
 * plain digits, 1 to 2147483647. `null` for anything else ("abc", "0", "99999999999").
 */
export function routeId(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
