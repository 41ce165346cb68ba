import type { TransferNamespace } from './transfer-model.js';
import { NamespaceMessage, decodeMessage, encodeMessage } from './transfer-proto.js';

/** Type code of a user-created namespace. */
const USER_NAMESPACE_TYPE = '2';

export function encodeNamespaceValue(ns: TransferNamespace): Uint8Array {
  return encodeMessage(NamespaceMessage, {
    namespace_id: ns.namespaceId,
    namespace_name: ns.namespaceName,
    type: ns.type ?? USER_NAMESPACE_TYPE,
  });
}

export function decodeNamespaceRecord(key: Uint8Array, value: Uint8Array): TransferNamespace {
  const raw = decodeMessage(NamespaceMessage, value);
  const namespaceId = (raw.namespace_id as string | undefined) ?? new TextDecoder().decode(key);
  return {
    namespaceId,
    namespaceName: (raw.namespace_name as string | undefined) || namespaceId,
    type: raw.type as string | undefined,
  };
}
