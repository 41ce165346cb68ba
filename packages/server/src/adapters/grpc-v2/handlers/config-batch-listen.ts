import { canonicalTenant, configKeyString, parseConfigKey } from '../../../core/config/config-key.js';
import type { ConfigService } from '../../../core/config/config-service.js';
import { booleanField, objectArrayField, stringField } from '../body-fields.js';
import type { ListenedConfig, ListenedConfigMd5, ConfigListeners } from '../config-listeners.js';
import type { GrpcHandler } from '../grpc-handler.js';
import { labelTag, type ConnectionLabels } from './config-query.js';
import type { JsonObject } from '../payload.js';

interface ListenContext extends ListenedConfigMd5 {
  keyString: string;
}

function contextsOf(body: JsonObject): ListenContext[] {
  return objectArrayField(body, 'configListenContexts').map((c) => {
    // Echo what the client sent, untouched: clients find their cache entry by these exact strings.
    const dataId = stringField(c, 'dataId');
    const group = stringField(c, 'group');
    const tenant = stringField(c, 'tenant');
    const keyString = configKeyString(parseConfigKey({ dataId, group, tenant }));
    return { dataId, group, tenant, keyString, md5: stringField(c, 'md5') };
  });
}

/**
 * `ConfigBatchListenRequest` -> `ConfigChangeBatchListenResponse`. `listen: true` registers the connection
 * for each key and reports the keys whose md5 differs from the client's (a missing config has md5 "");
 * `listen: false` unregisters them.
 */
export function configBatchListenHandler(
  configs: ConfigService,
  listeners: ConfigListeners,
  labelsOf?: ConnectionLabels,
): GrpcHandler {
  return {
    responseType: 'ConfigChangeBatchListenResponse',
    access: (body) => {
      const tenants = new Set(
        objectArrayField(body, 'configListenContexts').map((c) => canonicalTenant(stringField(c, 'tenant'))),
      );
      return [...tenants].map((namespaceId) => ({ namespaceId, action: 'read' as const }));
    },
    handle(body, ctx) {
      const conn = ctx.connection!;
      const listen = booleanField(body, 'listen', true);
      // A change from now on is pushed only after this answer (nacos-sdk-go loses one that overtakes it).
      if (listen) (ctx.afterReply ??= []).push(listeners.hold(conn));
      const changedConfigs: ListenedConfig[] = [];
      // compared with what this client reads: a gray version's md5 when its IP is in a beta rule or the tag
      // of its connection's labels in a tag rule
      const client = { ip: ctx.clientIp, tag: labelTag(ctx, labelsOf) };
      for (const context of contextsOf(body)) {
        const { keyString, dataId, group, tenant } = context;
        if (!listen) {
          listeners.unlisten(conn, keyString);
          continue;
        }
        // kept with the md5 the client reported, for the listener query
        listeners.listen(conn, keyString, context);
        if (configs.md5Of(keyString, client) !== context.md5) changedConfigs.push({ dataId, group, tenant });
      }
      return { changedConfigs };
    },
  };
}
