import { invalid } from '../../shared/errors.js';

/**
 * A fuzzy-watch pattern as nacos 3.x clients send it: `namespace>>group>>name`, where group and name are
 * exact, `*` (anything), `prefix*`, `*suffix` or `*part*`. The namespace is exact.
 */
export interface FuzzyPattern {
  namespace: string;
  group: string;
  name: string;
}

const SPLITTER = '>>';

export function parseFuzzyPattern(text: string): FuzzyPattern {
  const parts = text.split(SPLITTER);
  if (parts.length !== 3 || parts.some((p) => p.trim() === '')) {
    throw invalid(`groupKeyPattern must be namespace>>group>>name, got "${text}"`);
  }
  return { namespace: parts[0], group: parts[1], name: parts[2] };
}

function itemMatches(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value;
  if (pattern === '*') return true;
  const core = pattern.replaceAll('*', '');
  const starts = pattern.startsWith('*');
  const ends = pattern.endsWith('*');
  if (starts && ends) return value.includes(core);
  if (starts) return value.endsWith(core);
  if (ends) return value.startsWith(core);
  return false; // a star inside the text matches nothing, as in nacos
}

/** Whether a resource (its namespace as the pattern spells it, group, name) matches. */
export function fuzzyMatches(pattern: FuzzyPattern, namespace: string, group: string, name: string): boolean {
  return pattern.namespace === namespace && itemMatches(pattern.group, group) && itemMatches(pattern.name, name);
}
