import type { FeatureMessages } from '../../i18n/messages-type.js';

const en = {
  about: {
    title: 'About',
    intro:
      'tsnacos is a configuration center and service registry compatible with the nacos client protocols (the 1.x HTTP OpenAPI and the 2.x gRPC protocol), written in TypeScript for Node.js. Existing nacos clients work with it unchanged; its settings, console API and data transfer format follow r-nacos.',
    features:
      'This console manages configs (with history, diff, recover, export and import), namespaces, services, instances and subscribers, users and their namespace privileges, data transfer, cluster information and system monitoring.',
    version: 'Version',
    username: 'Signed in as',
    docs: 'Documentation',
    source: 'Source repositories',
    unknown: 'unknown',
    not_signed_in: 'old console (no login)',
    doc_readme: 'README',
    doc_architecture: 'Architecture',
    source_self: 'tsnacos (this server)',
    source_nacos: 'nacos (client protocol)',
    source_rnacos: 'r-nacos (console API, settings, transfer format)',
  },
};

export const aboutMessages: FeatureMessages<typeof en> = {
  en,
  zh: {
    about: {
      title: '关于',
      intro:
        'tsnacos 是兼容 nacos 客户端协议（1.x HTTP OpenAPI 与 2.x gRPC 协议）的配置中心与服务注册中心，使用 TypeScript 编写，运行于 Node.js。现有的 nacos 客户端无需修改即可接入；其配置项、控制台接口与数据迁移格式与 r-nacos 保持一致。',
      features:
        '控制台可管理配置（含历史、对比、恢复、导出与导入）、命名空间、服务、实例与订阅者、用户及其命名空间权限、数据迁移、集群信息与系统监控。',
      version: '版本',
      username: '当前用户',
      docs: '文档',
      source: '源码仓库',
      unknown: '未知',
      not_signed_in: '旧版控制台（免登录）',
      doc_readme: 'README',
      doc_architecture: '架构说明',
      source_self: 'tsnacos（本服务）',
      source_nacos: 'nacos（客户端协议）',
      source_rnacos: 'r-nacos（控制台接口、配置项、数据迁移格式）',
    },
  },
};
