import { useSearchParams } from 'react-router';
import { useCallback } from 'react';

export type UrlPatch = Record<string, string | number | null | undefined>;

/**
 * Filters, paging and the namespace live in the query string so back, reload and shared links keep
 * the context. null/undefined remove a parameter; an empty string is kept (the default namespace id is "").
 */
export function useUrlState() {
  const [params, setParams] = useSearchParams();
  const get = useCallback((key: string, fallback = '') => params.get(key) ?? fallback, [params]);
  const getNumber = useCallback(
    (key: string, fallback: number) => {
      const n = Number(params.get(key));
      return Number.isInteger(n) && n > 0 ? n : fallback;
    },
    [params],
  );
  const update = useCallback(
    (patch: UrlPatch, options: { replace?: boolean } = {}) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: options.replace },
      ),
    [setParams],
  );
  return { params, get, getNumber, update };
}
