import type { FeatureMessages } from '../../i18n/messages-type.js';

const en = {
  audit: {
    title: 'Audit log',
    time: 'Time',
    username: 'User',
    door: 'Door',
    client_ip: 'Client address',
    action: 'Action',
    namespace: 'Namespace',
    target: 'Target',
    outcome: 'Outcome',
    outcome_ok: 'OK',
    outcome_refused: 'Refused',
    outcome_failed: 'Failed',
    reason: 'Reason',
    export_csv: 'Export CSV',
    export_jsonl: 'Export JSON lines',
  },
};

export const auditMessages: FeatureMessages<typeof en> = {
  en,
  zh: {
    audit: {
      title: '审计日志',
      time: '时间',
      username: '用户',
      door: '入口',
      client_ip: '客户端地址',
      action: '操作',
      namespace: '命名空间',
      target: '对象',
      outcome: '结果',
      outcome_ok: '成功',
      outcome_refused: '拒绝',
      outcome_failed: '失败',
      reason: '原因',
      export_csv: '导出 CSV',
      export_jsonl: '导出 JSON Lines',
    },
  },
};
