import { useParams } from 'react-router';

const MAX_ID = 2_147_483_647;

/**
 * The address's `:id` read as the API reads ids (plain digits, 1 and up), or null for anything
 * else (`abc`, `0x10`, `1e3`): a page shows its not-found state instead of asking the server.
 */
export function useRouteId(): number | null {
  const raw = useParams().id ?? '';
  const id = Number(raw);
  return /^\d{1,10}$/.test(raw) && id >= 1 && id <= MAX_ID ? id : null;
}
