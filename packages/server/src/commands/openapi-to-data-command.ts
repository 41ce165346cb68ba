import { Command } from 'commander';
import { canonicalTenant } from '../core/config/config-key.js';
import { isDefaultNamespace } from '../core/namespace/namespace-service.js';
import { configRecordKey } from '../core/transfer/config-record.js';
import { encodeConfigRecord, encodeNamespaceRecord } from '../core/transfer/transfer-codec.js';
import { CONVERTER_TABLE_IDS } from '../core/transfer/transfer-format.js';
import type { TransferConfig } from '../core/transfer/transfer-model.js';
import { encodeFileStart } from '../core/transfer/transfer-writer.js';
import { NacosOpenApiClient } from '../clients/nacos-openapi-client.js';
import { VERSION } from '../shared/version.js';
import { writeFileAtomically } from './atomic-file.js';
import { createProgress } from './progress.js';
import { printSummary } from './summary.js';

const PAGE_SIZE = 100;

export interface OpenApiFlags {
  username?: string;
  password?: string;
}

/** A running nacos (or tsnacos) over the v1 OpenAPI -> transfer file: every namespace, every config. */
async function openApiToData(host: string, dataFile: string, flags: OpenApiFlags): Promise<void> {
  const startedAt = Date.now();
  if (Boolean(flags.username) !== Boolean(flags.password))
    throw new Error('give both -u <username> and -p <password>, or neither');
  const client = NacosOpenApiClient.forHost(host);
  if (flags.username && flags.password) await client.login(flags.username, flags.password);
  const namespaces = await client.namespaces();
  const progress = createProgress();
  const seen = new Set<string>();
  let skipped = 0;
  let namespaceCount = 0;

  async function* file(): AsyncGenerator<Uint8Array> {
    yield encodeFileStart({ modifyTime: startedAt, fromSys: `tsnacos_${VERSION}`, tableIds: CONVERTER_TABLE_IDS });
    for (const ns of namespaces) {
      const label = ns.namespace || 'public';
      progress.start(`reading namespace ${label}`);
      for (let pageNo = 1, pages = 1; pageNo <= pages; pageNo++) {
        const page = await client.configPage(ns.namespace, pageNo, PAGE_SIZE);
        pages = page.pagesAvailable;
        progress.setTotal(page.totalCount);
        for (const item of page.pageItems) {
          const config: TransferConfig = {
            namespaceId: canonicalTenant(item.tenant ?? ns.namespace),
            group: item.group,
            dataId: item.dataId,
            content: item.content ?? '',
            // The OpenAPI shows no history: the current value becomes the only item.
            histories: [{ id: 1, content: item.content ?? '', lastTime: startedAt }],
            type: item.type || undefined,
          };
          const key = configRecordKey(config);
          // Pages of a live server can shift while being read: keep each config once.
          if (seen.has(key)) {
            skipped++;
            continue;
          }
          seen.add(key);
          yield encodeConfigRecord(config);
          progress.update(seen.size);
        }
      }
      progress.stop();
    }
    for (const ns of namespaces) {
      if (isDefaultNamespace(ns.namespace)) continue;
      yield encodeNamespaceRecord({
        namespaceId: ns.namespace,
        namespaceName: ns.namespaceShowName || ns.namespace,
        type: '2',
      });
      namespaceCount++;
    }
  }
  try {
    await writeFileAtomically(dataFile, file());
  } finally {
    progress.stop();
  }
  printSummary(
    `wrote ${dataFile}`,
    [
      ['configs', seen.size],
      ['namespaces', namespaceCount],
    ],
    {
      skipped,
      startedAt,
      notes: ['the OpenAPI exposes no history and no users: each config carries its current value only'],
    },
  );
}

export function openApiToDataCommand(): Command {
  return new Command('openapi-to-data')
    .description('running nacos (or tsnacos) over the v1 OpenAPI -> transfer file (all namespaces, all configs)')
    .option('-u, --username <username>', 'nacos user (when the server has auth enabled)')
    .option('-p, --password <password>', 'password of that user')
    .argument('<host>', 'nacos address host:port (port 8848 when omitted)')
    .argument('<data_file>', 'transfer file (.data) to write (replaced atomically)')
    .action((host: string, dataFile: string, flags: OpenApiFlags) => openApiToData(host, dataFile, flags));
}
