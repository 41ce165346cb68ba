/** The audit trail (docs/operations.md "Audit trail"). */
export const AUDIT_SETTING_DEFS: { env: string; describe: string; defaultText: string }[] = [
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

export interface AuditSettingReader {
  bool(env: string, fallback: boolean): boolean;
  whole(env: string, fallback: number, min: number, max: number): number;
}

export function loadAuditSettings(read: AuditSettingReader): AuditSettings {
  return {
    enabled: read.bool('RNACOS_AUDIT_ENABLE', true),
    retentionDays: read.whole('RNACOS_AUDIT_RETENTION_DAYS', 180, 0, 36_500),
  };
}
