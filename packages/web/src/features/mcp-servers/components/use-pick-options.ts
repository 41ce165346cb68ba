import { useToolSpecs } from '../../tool-specs/api/get-tool-specs.js';
import { useServices } from '../../services/api/get-services.js';
import { joinKey } from '../lib/mcp-server-form.js';
import type { PickOption } from './mcp-tool-fields.js';

const MAX_OPTIONS = 1000;

/** The specs and services of a namespace a server's tools can name, as select options `group@@name`. */
export function usePickOptions(namespaceId: string): { specs: PickOption[]; services: PickOption[] } {
  const specs = useToolSpecs({ namespaceId, groupFilter: '', toolNameFilter: '', pageNo: 1, pageSize: MAX_OPTIONS });
  const services = useServices({
    namespaceId,
    serviceNameParam: '',
    groupNameParam: '',
    pageNo: 1,
    pageSize: MAX_OPTIONS,
  });
  return {
    specs: (specs.data?.list ?? []).map((s) => ({
      value: joinKey(s.group, s.toolName),
      label: `${s.toolName} (${s.group})`,
    })),
    services: (services.data?.list ?? []).map((s) => ({
      value: joinKey(s.groupName, s.name),
      label: `${s.name} (${s.groupName})`,
    })),
  };
}
