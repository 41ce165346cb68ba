import type { ConfigService } from '../../../core/config/config-service.js';
import type { ConfigItem } from '../../../core/config/config-model.js';
import { ErrorCode, failure, RenderedFields, type GrpcHandler } from '../grpc-handler.js';
import { configAccess, configKeyOf } from './config-request.js';

/**
 * `ConfigQueryRequest` -> `ConfigQueryResponse`, served from memory. A missing config is the typed failure
 * errorCode 300 that every client reads as "absent". One shape fits every client: `tag` is left out (Go and
 * Python declare it bool, Java a string), the beta flag goes under both names (`beta` for Java, `isBeta`
 * for Go and Python), and no field is ever null (Python rejects nulls): a plain config's
 * `encryptedDataKey` is "".
 */
export function configQueryHandler(configs: ConfigService): GrpcHandler {
  return {
    responseType: 'ConfigQueryResponse',
    refusals: 'typed',
    access: configAccess('read'),
    handle(body) {
      const item = configs.get(configKeyOf(body));
      if (!item) {
        return failure(ErrorCode.CONFIG_NOT_FOUND, 'config data not exist', {
          content: '',
          encryptedDataKey: '',
          contentType: '',
          md5: '',
          lastModified: 0,
          beta: false,
          isBeta: false,
        });
      }
      return renderedAnswer(item);
    },
  };
}

const answers = new WeakMap<ConfigItem, RenderedFields>();

/** The answer's fields, rendered once per stored version of the config (a new version is a new item). */
function renderedAnswer(item: ConfigItem): RenderedFields {
  let answer = answers.get(item);
  if (!answer) {
    const fields = {
      content: item.content,
      encryptedDataKey: item.encryptedDataKey,
      contentType: item.type,
      md5: item.md5,
      lastModified: item.modifiedAt,
      beta: false,
      isBeta: false,
    };
    answer = new RenderedFields(JSON.stringify(fields).slice(1, -1));
    answers.set(item, answer);
  }
  return answer;
}
