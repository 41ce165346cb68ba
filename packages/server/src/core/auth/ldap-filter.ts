import { Filter, FilterParser } from 'ldapts';

/**
 * The search filter for one login: `%s` replaced by the username escaped for a filter (RFC 4515), so a
 * name like `*` or `x)(uid=*` matches only itself. A filter without `%s` is joined with `(cn=<username>)`,
 * as older r-nacos releases did.
 */
export function userFilterFor(template: string, username: string): string {
  const escaped = Filter.escape(username);
  const filter = wrapped(template.trim());
  if (filter.includes('%s')) return filter.replaceAll('%s', escaped);
  return `(&${filter}(cn=${escaped}))`;
}

/** Undefined when the template makes a valid filter, else what is wrong with it. */
export function filterProblem(template: string): string | undefined {
  try {
    FilterParser.parseString(userFilterFor(template, 'user'));
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

function wrapped(filter: string): string {
  return filter.startsWith('(') ? filter : `(${filter})`;
}
