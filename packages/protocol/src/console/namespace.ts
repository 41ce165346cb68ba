/**
 * `type` is a decimal flag set: "0" the default namespace (id "", name public); otherwise 2 = created by a
 * user, 4 = holds configs, 8 = holds services (e.g. "6").
 */
export interface NamespaceInfo {
  namespaceId: string;
  namespaceName: string;
  type: string;
}
