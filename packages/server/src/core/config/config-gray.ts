import { invalid } from '../../shared/errors.js';
import type { ConfigItem } from './config-model.js';

/** nacos's gray names: the beta release is `beta`; a tag release is `tag_<tag>`. */
export const BETA_GRAY_NAME = 'beta';
const TAG_GRAY_PREFIX = 'tag_';

/** Who reads a gray version: a beta release by client IP, a tag release by the client's tag. */
export type GrayRule = { type: 'beta'; ips: string[] } | { type: 'tag'; tag: string };

/** What decides which version a client reads: its IP, and the tag it asked with (if any). */
export interface GrayClient {
  ip: string;
  tag?: string;
}

/**
 * A gray version of a config, kept beside the stable one: `item` is what a client the rule matches reads
 * (its own content and md5; its id is the gray row's).
 */
export interface ConfigGray {
  grayName: string;
  rule: GrayRule;
  item: ConfigItem;
}

const MAX_BETA_IPS = 1000;
const MAX_TAG_CHARS = 128;

/** The IPs of a `betaIps` header (comma separated); refuses an empty list or a malformed entry. */
export function parseBetaIps(header: string): string[] {
  const ips = [
    ...new Set(
      header
        .split(',')
        .map((ip) => ip.trim())
        .filter((ip) => ip !== ''),
    ),
  ];
  if (ips.length === 0) throw invalid('betaIps names no IP');
  if (ips.length > MAX_BETA_IPS) throw invalid(`betaIps names more than ${MAX_BETA_IPS} IPs`);
  for (const ip of ips) {
    if (!/^[0-9A-Za-z.:_-]{1,64}$/.test(ip)) throw invalid(`betaIps has an invalid IP: ${ip}`);
  }
  return ips;
}

/** Validates a release tag (nacos's `tag` parameter). */
export function checkGrayTag(tag: string): string {
  const t = tag.trim();
  if (t === '' || t.length > MAX_TAG_CHARS || !/^[\p{L}\p{N}_\-.:]+$/u.test(t)) {
    throw invalid(`invalid tag: ${tag} (letters, digits and _ - . :, at most ${MAX_TAG_CHARS})`);
  }
  return t;
}

/** The rule of a beta release to the IPs of a `betaIps` value (validated). */
export const betaRule = (betaIps: string): GrayRule => ({ type: 'beta', ips: parseBetaIps(betaIps) });

/** The rule of a tag release (the tag validated). */
export const tagRule = (tag: string): GrayRule => ({ type: 'tag', tag: checkGrayTag(tag) });

export function grayNameOf(rule: GrayRule): string {
  return rule.type === 'beta' ? BETA_GRAY_NAME : TAG_GRAY_PREFIX + rule.tag;
}

/** A beta rule wins over a tag rule, as in nacos (its priority is the higher one). */
export function grayPriority(rule: GrayRule): number {
  return rule.type === 'beta' ? 2 : 1;
}

export function grayMatches(rule: GrayRule, client: GrayClient): boolean {
  return rule.type === 'beta' ? rule.ips.includes(client.ip) : client.tag === rule.tag;
}

/** The rule's expression as nacos shows it: the beta IPs comma separated, or the tag. */
export function grayExpression(rule: GrayRule): string {
  return rule.type === 'beta' ? rule.ips.join(',') : rule.tag;
}

/** The stored form of a rule: nacos's gray rule JSON (`type`, `expr`, `version`, `priority`). */
export function grayRuleText(rule: GrayRule): string {
  return JSON.stringify({
    type: rule.type,
    expr: grayExpression(rule),
    version: '1.0.0',
    priority: grayPriority(rule),
  });
}

export function parseGrayRuleText(text: string): GrayRule {
  const parsed = JSON.parse(text) as { type?: unknown; expr?: unknown };
  const expr = typeof parsed.expr === 'string' ? parsed.expr : '';
  if (parsed.type === 'beta') return { type: 'beta', ips: expr.split(',').filter((ip) => ip !== '') };
  if (parsed.type === 'tag') return { type: 'tag', tag: expr };
  throw new Error(`unknown gray rule type in store: ${String(parsed.type)}`);
}

/** The gray version a client reads among a config's (sorted by priority, highest first), if any. */
export function matchingGray(grays: readonly ConfigGray[], client: GrayClient): ConfigGray | undefined {
  for (const gray of grays) if (grayMatches(gray.rule, client)) return gray;
  return undefined;
}
