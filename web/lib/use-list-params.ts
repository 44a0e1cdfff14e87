import { useSearchParams } from './routing.js';

/**
 * A list's page and filters kept in the address, so a filtered page survives a reload, a shared
 * link and the browser's Back button. `defaults` names the filters the list knows; a value equal
 * to its default is left out of the address, and any filter change starts again at page 1. A
 * value `accept` refuses (an edited or outdated address) reads as the default, so the list asks
 * the server only what it can answer.
 */
export function useListParams<Name extends string>(
  defaults: Record<Name, string>,
  accept: Partial<Record<Name, (value: string) => boolean>> = {},
) {
  const [params, setParams] = useSearchParams();
  const names = Object.keys(defaults) as Name[];
  const read = (name: Name) => {
    const value = params.get(name);
    return value === null || accept[name]?.(value) === false ? defaults[name] : value;
  };
  const filters = Object.fromEntries(names.map((name) => [name, read(name)])) as Record<Name, string>;
  const page = Math.max(1, Math.min(100_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const update = (changes: Partial<Record<Name | 'page', string>>, { replace = false } = {}) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!('page' in changes)) next.delete('page');
        for (const [key, value] of Object.entries(changes) as [Name | 'page', string | undefined][]) {
          const fallback = key === 'page' ? '1' : defaults[key];
          if (value === undefined || value === fallback) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );
  return { filters, page, update };
}
