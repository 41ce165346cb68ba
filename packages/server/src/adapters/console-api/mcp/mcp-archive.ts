import { strToU8, zipSync, type Zippable } from 'fflate';
import { stringify } from 'yaml';
import { UntrustedInputError } from '../../../shared/untrusted/untrusted-error.js';
import { parseYamlWithin, type YamlLimits } from '../../../shared/untrusted/yaml-document.js';
import { unzipWithin, type ZipLimits } from '../../../shared/untrusted/zip-entries.js';
import type { McpServerParam } from '@tsnacos/protocol';
import type { Input } from '../console-input.js';

/**
 * The download/import archives of the MCP screens, as r-nacos writes them: a zip of YAML files, one per tool
 * spec (`{group}_{toolName}.yaml`: group, name, description, inputSchema) or per server
 * (`{uniqueKey}.yaml`: uniqueKey, name, description, authKeys, tools with toolName, toolGroup, routeRule).
 * An empty archive holds `.ignore`.
 */

export function yamlZip(files: Array<{ name: string; value: unknown }>, emptyText: string): Buffer {
  const zippable: Zippable = {};
  for (const f of files) zippable[f.name] = strToU8(stringify(f.value));
  if (files.length === 0) zippable['.ignore'] = strToU8(emptyText);
  return Buffer.from(zipSync(zippable, { level: 6 }));
}

/**
 * The YAML documents of an uploaded zip (`.yaml` entries only, in name order), each read within `limits` and
 * handed to `keep`. A limit passed refuses the whole upload; a damaged entry (not UTF-8, not valid YAML) is
 * only reported: the names of those are returned. Runs in a parse worker (console-api/uploads).
 */
export function yamlEntries(
  zip: Uint8Array,
  limits: { zip: ZipLimits; yaml: YamlLimits },
  keep: (entry: { name: string; value: unknown }) => void,
): string[] {
  const files = unzipWithin(zip, limits.zip, (name) => !name.endsWith('/') && name.endsWith('.yaml'));
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const failed: string[] = [];
  for (const name of [...files.keys()].sort((a, b) => a.localeCompare(b))) {
    try {
      keep({ name, value: parseYamlWithin(decoder.decode(files.get(name)), limits.yaml, name) });
    } catch (err) {
      if (err instanceof UntrustedInputError && err.kind === 'limit') throw err;
      failed.push(name);
    }
  }
  return failed;
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
