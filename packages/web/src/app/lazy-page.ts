import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export: the page's code is loaded when its route is first shown. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
