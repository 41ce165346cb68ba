import type { FeatureMessages } from '../../i18n/messages-type.js';

const en = {
  transfer: {
    title: 'Data transfer',
    export_title: 'Export',
    export_text:
      'Downloads every config (with its history), user-created namespace, user and persistent instance of this server as one transfer file.',
    export_button: 'Download the transfer file',
    import_title: 'Import',
    import_text:
      'Uploads a transfer file produced by an export or by a conversion command; configs, namespaces and users are imported (the cache is not).',
    import_button: 'Upload a transfer file',
    help_title: 'Data management',
    help_data:
      'A transfer file moves data between servers and between storage formats. Besides the export and import above, the server command converts it offline:',
    help_sqlite: 'Convert a transfer file to a SQLite database, and back:',
    migrate_title: 'Migrating from nacos',
    migrate_text:
      'Data of a nacos server is converted into a transfer file, then imported here (migration from the upstream registry is supported from v0.6.3):',
    migrate_openapi:
      'Through the nacos OpenAPI (namespaces and configs; username and password when nacos has auth on):',
    migrate_mysql:
      'From the nacos MySQL database (configs with history, namespaces and users; users are imported disabled):',
  },
};

export const transferMessages: FeatureMessages<typeof en> = {
  en,
  zh: {
    transfer: {
      title: '数据迁移',
      export_title: '导出',
      export_text: '将本服务的全部配置（含历史）、用户创建的命名空间、用户和持久化实例导出为一个迁移文件。',
      export_button: '下载迁移文件',
      import_title: '导入',
      import_text: '上传由导出或转换命令生成的迁移文件；将导入配置、命名空间和用户（不导入缓存）。',
      import_button: '上传迁移文件',
      help_title: '数据管理',
      help_data: '迁移文件用于在服务之间、存储格式之间迁移数据。除上面的导出与导入外，服务命令还可以离线转换：',
      help_sqlite: '迁移文件与 SQLite 数据库互相转换：',
      migrate_title: '从 nacos 迁移',
      migrate_text: '先将 nacos 的数据转换为迁移文件，再在此导入（自 v0.6.3 起支持从上游注册中心迁移）：',
      migrate_openapi: '通过 nacos OpenAPI（命名空间与配置；nacos 开启鉴权时需提供用户名和密码）：',
      migrate_mysql: '从 nacos 的 MySQL 数据库（配置及历史、命名空间、用户；用户导入后为禁用状态）：',
    },
  },
};
