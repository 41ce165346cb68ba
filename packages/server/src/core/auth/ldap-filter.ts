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

/**
 * The attributes the template compares the username with (`(uid=%s)` -> uid; cn for a template without
 * `%s`): where the directory's own spelling of a name is read.
 */
export function nameAttributesOf(template: string): string[] {
  if (!template.includes('%s')) return ['cn'];
  const names = [...template.matchAll(/\(\s*([A-Za-z][\w-]*)(?:;[\w;-]+)?\s*=\s*%s\s*\)/g)].map((m) => m[1]);
  return [...new Set(names)];
}

/** Undefined when the template makes a valid filter, else what is wrong with it. */
export function filterProblem(template: string): string | undefined {
  const filter = userFilterFor(template, 'user');
  if (!balanced(filter)) return 'unbalanced parentheses';
  try {
    FilterParser.parseString(filter);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** One outer pair of parentheses, closed (the parser forgives a missing `)` at the end). */
function balanced(filter: string): boolean {
  let depth = 0;
  for (let i = 0; i < filter.length; i++) {
    if (filter[i] === '(') depth++;
    else if (filter[i] === ')' && --depth === 0 && i < filter.length - 1) return false;
    if (depth < 0) return false;
  }
  return depth === 0;
}

function wrapped(filter: string): string {
  return filter.startsWith('(') ? filter : `(${filter})`;
}
