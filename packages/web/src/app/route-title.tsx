import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import { PRODUCT_TITLE } from '../lib/constants.js';

export interface RouteHandle {
  /** i18n key of the route's title. */
  title?: string;
}

function titleFor(routes: RouteObject[], pathname: string, translate: (key: string) => string): string {
  const matches = matchRoutes(routes, pathname) ?? [];
  const key = [...matches]
    .reverse()
    .map((m) => (m.route.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
  return key ? `${translate(key)} - ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}

/** Sets document.title from the deepest matched route's title after each navigation. */
export function RouteTitle({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const title = titleFor(routes, pathname, t);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
