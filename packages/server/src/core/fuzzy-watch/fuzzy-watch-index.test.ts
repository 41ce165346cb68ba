import { describe, expect, it } from 'vitest';
import { fuzzyMatches, parseFuzzyPattern } from './fuzzy-pattern.js';
import { FuzzyWatchIndex, FuzzyWatchRefusal, type FuzzyResource } from './fuzzy-watch-index.js';

const res = (name: string, group = 'G', namespace = 'public'): FuzzyResource => ({
  namespace,
  group,
  name,
  key: `${namespace}/${group}/${name}`,
});

describe('fuzzy patterns', () => {
  it('match as nacos matches: exact, *, prefix*, *suffix, *part*; the namespace exactly', () => {
    const matches = (pattern: string, name: string) => fuzzyMatches(parseFuzzyPattern(pattern), 'public', 'G', name);
    expect(matches('public>>G>>app', 'app')).toBe(true);
    expect(matches('public>>G>>app', 'app2')).toBe(false);
    expect(matches('public>>G>>*', 'anything')).toBe(true);
    expect(matches('public>>G>>app*', 'app-a')).toBe(true);
    expect(matches('public>>G>>*.yaml', 'a.yaml')).toBe(true);
    expect(matches('public>>G>>*ord*', 'my-orders')).toBe(true);
    expect(matches('public>>G>>a*b', 'axb')).toBe(false);
    expect(matches('public>>*>>app', 'app')).toBe(true);
    expect(fuzzyMatches(parseFuzzyPattern('dev>>G>>*'), 'public', 'G', 'app')).toBe(false);
  });

  it('refuses text that is not namespace>>group>>name', () => {
    expect(() => parseFuzzyPattern('G>>app')).toThrow(/namespace>>group>>name/);
    expect(() => parseFuzzyPattern('public>>>>app')).toThrow(/namespace>>group>>name/);
  });
});

describe('FuzzyWatchIndex', () => {
  it('follows at most the limit, and takes up what it left out once a followed key goes', () => {
    const all = [res('a1'), res('a2'), res('a3')];
    const index = new FuzzyWatchIndex({ maxPatterns: 5, maxMatched: 2 }, () => all);
    const joined = index.watch('public>>G>>a*', 'c1');
    expect(joined).toMatchObject({ overLimit: true });
    expect([...joined.matched].sort()).toEqual(['public/G/a1', 'public/G/a2']);
    expect(index.changed(res('a4'), true).size).toBe(0); // full: not told
    all.shift();
    expect([...index.changed(res('a1'), false).keys()]).toEqual(['c1']);
    expect([...index.watch('public>>G>>a*', 'c2').matched].sort()).toEqual(['public/G/a2', 'public/G/a3']);
  });

  it('refuses a new pattern past the pattern limit, and forgets a pattern nobody watches', () => {
    const index = new FuzzyWatchIndex({ maxPatterns: 1, maxMatched: 10 }, () => []);
    index.watch('public>>G>>a*', 'c1');
    expect(() => index.watch('public>>G>>b*', 'c1')).toThrow(FuzzyWatchRefusal);
    index.removeWatcher('c1');
    expect(index.patternCount()).toBe(0);
    expect(index.watch('public>>G>>b*', 'c1').overLimit).toBe(false);
  });
});
