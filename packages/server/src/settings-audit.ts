import type { SettingDef, SettingReader } from './settings-reader.js';

/** The audit trail (docs/operations.md "Audit trail"). */
export const AUDIT_SETTING_DEFS: SettingDef[] = [
  {
    env: 'RNACOS_AUDIT_ENABLE',
    describe: 'record every write and login (who, door, address, action, target, outcome) in the store',
    defaultText: 'true',
  },
  {
    env: 'RNACOS_AUDIT_RETENTION_DAYS',
    describe: 'audit rows older than this many days are deleted (hourly); 0 keeps them forever',
    defaultText: '180',
  },
];

export interface AuditSettings {
  enabled: boolean;
  /** 0: kept forever. */
  retentionDays: number;
}

export function loadAuditSettings(read: SettingReader): AuditSettings {
  return {
    enabled: read.bool('RNACOS_AUDIT_ENABLE', true),
    retentionDays: read.whole('RNACOS_AUDIT_RETENTION_DAYS', 180, 0, 36_500),
  };
}
