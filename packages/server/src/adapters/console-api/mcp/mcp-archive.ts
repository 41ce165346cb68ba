import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { parse, stringify } from 'yaml';
import type { McpServerParam } from '@tsnacos/protocol';
import { invalid } from '../../../shared/errors.js';
import type { Input } from '../console-input.js';

/**
 * The download/import archives of the MCP screens, as r-nacos writes them: a zip of YAML files, one per tool
 * spec (`{group}_{toolName}.yaml`: group, name, description, inputSchema) or per server
 * (`{uniqueKey}.yaml`: uniqueKey, name, description, authKeys, tools with toolName, toolGroup, routeRule).
 * An empty archive holds `.ignore`.
 */

const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

export function yamlZip(files: Array<{ name: string; value: unknown }>, emptyText: string): Buffer {
  const zippable: Zippable = {};
  for (const f of files) zippable[f.name] = strToU8(stringify(f.value));
  if (files.length === 0) zippable['.ignore'] = strToU8(emptyText);
  return Buffer.from(zipSync(zippable, { level: 6 }));
}

/** The YAML documents of an uploaded zip (`.yaml` entries only), each parsed; damaged ones are reported. */
export function yamlEntries(zip: Buffer): { entries: Array<{ name: string; value: unknown }>; failed: string[] } {
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        if (file.name.endsWith('/') || !file.name.endsWith('.yaml')) return false;
        total += file.originalSize;
        if (total > MAX_UNPACKED_BYTES) throw invalid(`the zip unpacks to more than ${MAX_UNPACKED_BYTES} bytes`);
        return true;
      },
    });
  } catch (err) {
    if (err instanceof Error && err.name === 'NacosError') throw err;
    throw invalid(`the upload is not a valid zip file: ${(err as Error).message}`);
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const entries: Array<{ name: string; value: unknown }> = [];
  const failed: string[] = [];
  for (const [name, data] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    try {
      entries.push({ name, value: parse(decoder.decode(data), { maxAliasCount: 100 }) as unknown });
    } catch {
      failed.push(name);
    }
  }
  return { entries, failed };
}

export const archiveName = (what: 'toolspec' | 'mcserver', now: number) => `rnacos_${what}_export_${now}.zip`;

/** A server file of an import as a server edit in `namespace` (its tools take their specs from there too). */
export function serverDocument(value: unknown, namespace: string): Input<McpServerParam> {
  const doc = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const tools = Array.isArray(doc.tools)
    ? doc.tools.map((t: Record<string, unknown> | null) => ({
        toolName: t?.toolName,
        group: t?.toolGroup,
        namespace,
        routeRule: t?.routeRule,
      }))
    : doc.tools;
  return {
    uniqueKey: doc.uniqueKey,
    namespace,
    name: doc.name,
    description: doc.description,
    authKeys: doc.authKeys,
    tools,
  };
}
