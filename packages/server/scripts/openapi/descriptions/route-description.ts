/**
 * A hand-kept description of one route: a summary and the parameters it reads, as names separated by
 * spaces, `!` after a required one (`dataId! group! tenant`). What each name means is in
 * parameter-glossary.ts. Keys of a table are `METHOD url` as the route is registered.
 */
export interface RouteDescription {
  summary: string;
  params?: string;
}

export type DescriptionTable = Readonly<Record<string, RouteDescription>>;

/** `d('Read a config', 'dataId! group! tenant')`. */
export const d = (summary: string, params?: string): RouteDescription => (params ? { summary, params } : { summary });

/** The same description for several methods of one URL. */
export function forMethods(methods: string, url: string, description: RouteDescription): DescriptionTable {
  return Object.fromEntries(methods.split(' ').map((method) => [`${method} ${url}`, description]));
}
