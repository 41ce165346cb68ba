import type { ConfigGray } from '../../../core/config/config-gray.js';
import type { ConfigService } from '../../../core/config/config-service.js';
import type { ConfigItem } from '../../../core/config/config-model.js';
import { optionalString } from '../body-fields.js';
import { ErrorCode, failure, RenderedFields, type GrpcHandler, type RequestContext } from '../grpc-handler.js';
import { configAccess, configKeyOf } from './config-request.js';

/** The connection label naming a client's release tag (nacos's `Vipserver-Tag`). */
export const TAG_LABEL = 'Vipserver-Tag';
/**
 * The same label among a client's app labels: nacos-client 2.5 and 3.x send what `nacos.app.conn.labels`
 * names with the prefix `app_`, and nacos 3 matches its tag releases against those.
 */
const APP_TAG_LABEL = `app_${TAG_LABEL}`;

/** A connection's labels (from its ConnectionSetup), if it sent any. */
export type ConnectionLabels = (connectionId: string) => Readonly<Record<string, string>> | undefined;

const NOT_FOUND_FIELDS = {
  content: '',
  encryptedDataKey: '',
  contentType: '',
  md5: '',
  lastModified: 0,
  beta: false,
  isBeta: false,
};

/**
 * `ConfigQueryRequest` -> `ConfigQueryResponse`, served from memory. A missing config is the typed failure
 * errorCode 300 that every client reads as "absent". One shape fits every client: `tag` is left out (Go and
 * Python declare it bool, Java a string), the beta flag goes under both names (`beta` for Java, `isBeta`
 * for Go and Python), and no field is ever null (Python rejects nulls): a plain config's
 * `encryptedDataKey` is "".
 *
 * A client whose IP (as it reported it) is in a beta rule, or whose tag (the request's `tag`, else its
 * connection's `Vipserver-Tag` label) a tag rule names, reads that gray version; a tag the request names
 * that no gray version has is "not found", as in nacos.
 */
export function configQueryHandler(configs: ConfigService, labelsOf?: ConnectionLabels): GrpcHandler {
  return {
    responseType: 'ConfigQueryResponse',
    refusals: 'typed',
    access: configAccess('read'),
    handle(body, ctx) {
      const key = configKeyOf(body);
      const namedTag = optionalString(body, 'tag')?.trim() || undefined;
      if (configs.hasGray(key)) {
        const gray = configs.grayFor(key, { ip: ctx.clientIp, tag: namedTag ?? labelTag(ctx, labelsOf) });
        if (gray) return renderedGrayAnswer(gray);
      }
      const item = namedTag ? undefined : configs.get(key);
      if (!item) return failure(ErrorCode.CONFIG_NOT_FOUND, 'config data not exist', NOT_FOUND_FIELDS);
      return renderedAnswer(item);
    },
  };
}

/**
 * The tag a connection declared in its labels, which tag releases match: its app label `Vipserver-Tag`
 * (`nacos.app.conn.labels`), else the plain label (older clients).
 */
export function labelTag(ctx: RequestContext, labelsOf: ConnectionLabels | undefined): string | undefined {
  if (!ctx.connection || !labelsOf) return undefined;
  const labels = labelsOf(ctx.connection.id);
  return labels?.[APP_TAG_LABEL]?.trim() || labels?.[TAG_LABEL]?.trim() || undefined;
}

const answers = new WeakMap<ConfigItem, RenderedFields>();

/** The answer's fields, rendered once per stored version of the config (a new version is a new item). */
function renderedAnswer(item: ConfigItem): RenderedFields {
  let answer = answers.get(item);
  if (!answer) {
    answer = render(item, false);
    answers.set(item, answer);
  }
  return answer;
}

/** A gray version's answer: its content and md5, with the beta flag set for a beta release. */
function renderedGrayAnswer(gray: ConfigGray): RenderedFields {
  let answer = answers.get(gray.item);
  if (!answer) {
    answer = render(gray.item, gray.rule.type === 'beta');
    answers.set(gray.item, answer);
  }
  return answer;
}

function render(item: ConfigItem, beta: boolean): RenderedFields {
  const fields = {
    content: item.content,
    encryptedDataKey: item.encryptedDataKey,
    contentType: item.type,
    md5: item.md5,
    lastModified: item.modifiedAt,
    beta,
    isBeta: beta,
  };
  return new RenderedFields(JSON.stringify(fields).slice(1, -1));
}
