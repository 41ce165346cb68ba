import type { PageParam } from './envelope.js';

/** Body/query of the config endpoints; `tenant` "" (or "public") is the default namespace. */
export interface ConfigParams {
  dataId: string;
  group?: string;
  tenant?: string;
  content?: string;
  configType?: string;
  desc?: string;
  /**
   * The data key to store with the content ("" none): history recover sends the recovered version's. Left
   * out (the editor), the stored key is kept while the content is unchanged and dropped with new content.
   */
  encryptedDataKey?: string;
}

export interface ConfigKeyParam {
  dataId: string;
  group?: string;
  tenant?: string;
}

/** A row of `GET /v2/config/list` (no content). */
export interface ConfigInfoDto {
  tenant: string;
  group: string;
  dataId: string;
  content: null;
  md5: null;
  desc: string;
  configType: string;
  /** Epoch milliseconds of the last change. */
  modifiedTime: number;
  /** The config's gray versions (`beta`, `tag_<tag>`); only present when it has one. */
  grayNames?: string[];
}

/** `GET /v2/config/info`. */
export interface ConfigInfo {
  value: string;
  md5: string;
  configType: string | null;
  desc: string;
  /**
   * The data key an SDK's config encryption plugin published with the content (`cipher-*` dataIds); only
   * present when the config has one. Read-only: a console update keeps it while the content is unchanged.
   */
  encryptedDataKey?: string;
}

/** A row of `GET /v2/config/history`, newest first. */
export interface ConfigHistoryInfoDto {
  id: number;
  tenant: string;
  group: string;
  dataId: string;
  content: string;
  modifiedTime: number;
  opUser: string | null;
  /** I insert, U update, D delete. */
  opType: 'I' | 'U' | 'D';
  /** The version's data key, only present when it had one (see `ConfigInfo.encryptedDataKey`). */
  encryptedDataKey?: string;
  /** `gray` for a change of a gray version (then `grayName` names it); absent for the stable config. */
  publishType?: 'gray';
  grayName?: string;
}

/** `GET /v2/config/beta`: the beta release of a config (null data when it has none). */
export interface ConfigBetaInfo {
  /** The client IPs that read it, comma separated. */
  betaIps: string;
  value: string;
  md5: string;
  configType: string;
  /** Epoch milliseconds of the beta's last change. */
  modifiedTime: number;
}

/** `POST /v2/config/beta/publish`: publish a beta release to the listed client IPs. */
export interface ConfigBetaParams extends ConfigKeyParam {
  content: string;
  /** Comma-separated client IPs. */
  betaIps: string;
}

/** One tag release of a config: clients that ask with its tag (nacos's `Vipserver-Tag`) read its content. */
export interface ConfigTagInfo {
  tag: string;
  value: string;
  md5: string;
  configType: string;
  /** Epoch milliseconds of the release's last change. */
  modifiedTime: number;
}

/** `POST /v2/config/tag/stop` and `/v2/config/tag/promote`: the release of one tag. */
export interface ConfigTagKeyParam extends ConfigKeyParam {
  tag: string;
}

/** `POST /v2/config/tag/publish`: publish (or replace) the release of one tag. */
export interface ConfigTagParams extends ConfigTagKeyParam {
  content: string;
}

/** What to do when an imported or cloned config already exists. */
export type ConflictPolicy = 'ABORT' | 'SKIP' | 'OVERWRITE';

/** Outcome of a zip import or a clone. */
export interface ConfigTransferResult {
  /** Written configs (new or overwritten). */
  succCount: number;
  /** Existing configs left as they were (policy SKIP). */
  skipCount: number;
  /** Existing configs found (policy ABORT: nothing was written when non-empty). */
  conflicts: ConfigKeyParam[];
  /** Zip entries that are not `group/dataId` or not valid config keys. */
  ignored: string[];
}

/** `POST /v2/config/clone`: copy configs into another namespace. */
export interface ConfigCloneParam {
  targetTenant: string;
  policy?: ConflictPolicy;
  keys: ConfigKeyParam[];
}

/** Query of `GET /v2/config/list` (and of the zip download by filter): `groupParam`/`dataParam` are substrings. */
export interface ConfigListParam extends PageParam {
  tenant?: string;
  groupParam?: string;
  dataParam?: string;
}

/** Query of `GET /v2/config/history`. */
export interface ConfigHistoryParam extends ConfigKeyParam, PageParam {}

/** Query, header or multipart field of `POST /v2/config/import` (the namespace travels in the `tenant` header). */
export interface ConfigImportParam {
  policy?: ConflictPolicy;
}

/**
 * `GET /v2/config/listeners`: the clients listening on this node, either to one config (`dataId`, `group`)
 * or from one client IP (`ip`), within `tenant`.
 */
export interface ConfigListenerParam {
  tenant?: string;
  dataId?: string;
  group?: string;
  ip?: string;
}

/** A row of `GET /v2/config/listeners`: one client listening to one config. */
export interface ConfigListenerDto {
  /** `grpc` (nacos 2.x SDKs) or `http` (a held 1.x long-poll). */
  via: 'grpc' | 'http';
  /** The client's IP (a gRPC client's own idea of it when it declared one). */
  ip: string;
  /** `ip:port` the connection comes from. */
  address: string;
  tenant: string;
  group: string;
  dataId: string;
  /** The md5 the client last reported holding ("" none). */
  md5: string;
  /** The config's md5 now ("" it does not exist). */
  currentMd5: string;
  /** The client holds the current content; false: it is behind. */
  inSync: boolean;
}
