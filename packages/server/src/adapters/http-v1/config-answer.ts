import type { ConfigGray } from '../../core/config/config-gray.js';
import type { ConfigItem } from '../../core/config/config-model.js';

const CONTENT_TYPES: Record<string, string> = {
  json: 'application/json;charset=UTF-8',
  xml: 'application/xml;charset=UTF-8',
  html: 'text/html;charset=UTF-8',
};
const TEXT = 'text/plain;charset=UTF-8';
const NO_CACHE_HEADERS = { pragma: 'no-cache', expires: '0', 'cache-control': 'no-cache,no-store' };

export interface ConfigGetAnswer {
  status: 200 | 404;
  headers: Record<string, string | number>;
  body: string;
}

const NOT_FOUND_BODY = 'config data not exist\n';
const NOT_FOUND: ConfigGetAnswer = {
  status: 404,
  headers: Object.assign({}, NO_CACHE_HEADERS, {
    'content-type': TEXT,
    'content-length': Buffer.byteLength(NOT_FOUND_BODY),
  }),
  body: NOT_FOUND_BODY,
};

/** Each stored version of a config is a new object: its answer is built once, on its first read. */
const answers = new WeakMap<ConfigItem, ConfigGetAnswer>();

/** What `GET /nacos/v1/cs/configs` answers for a config, or for its absence. */
export function configGetAnswer(item: ConfigItem | undefined): ConfigGetAnswer {
  if (!item) return NOT_FOUND;
  let answer = answers.get(item);
  if (!answer) {
    answer = {
      status: 200,
      // field by field, not `{ ...NO_CACHE_HEADERS, ... }` (slow on Node 20, and made per stored version)
      headers: {
        pragma: NO_CACHE_HEADERS.pragma,
        expires: NO_CACHE_HEADERS.expires,
        'cache-control': NO_CACHE_HEADERS['cache-control'],
        'content-type': CONTENT_TYPES[item.type] ?? TEXT,
        'config-type': item.type,
        'content-md5': item.md5,
        'last-modified': new Date(item.modifiedAt).toUTCString(),
        'content-length': Buffer.byteLength(item.content),
      },
      body: item.content,
    };
    // nacos's name and casing, sent only for a config that has a key (checkEncryptedDataKey keeps it header-safe)
    if (item.encryptedDataKey !== '') answer.headers['Encrypted-Data-Key'] = item.encryptedDataKey;
    answers.set(item, answer);
  }
  return answer;
}

const grayAnswers = new WeakMap<ConfigGray, ConfigGetAnswer>();

/**
 * The answer for a client a gray version's rule matches: its content and md5, marked as nacos marks it
 * (`isBeta: true` for a beta release, `tag: <tag>` for a tag release).
 */
export function configGrayAnswer(gray: ConfigGray): ConfigGetAnswer {
  let answer = grayAnswers.get(gray);
  if (!answer) {
    const plain = configGetAnswer(gray.item);
    const headers = Object.assign({}, plain.headers);
    if (gray.rule.type === 'beta') headers.isBeta = 'true';
    else headers.tag = encodeURIComponent(gray.rule.tag);
    answer = { status: plain.status, headers, body: plain.body };
    grayAnswers.set(gray, answer);
  }
  return answer;
}
