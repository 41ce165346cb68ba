import type { FeatureMessages } from '../../i18n/messages-type.js';

const en = {
  transfer: {
    title: 'Data transfer',
    export_title: 'Export',
    export_text:
      'Downloads every config (with its history), user-created namespace, user, persistent instance, MCP tool spec and MCP server of this server as one transfer file.',
    export_button: 'Download the transfer file',
    backup_title: 'Backup',
    backup_text:
      "A consistent copy of this server's database, taken while it runs. Put it back with <code>tsnacos restore --from FILE</code> on the stopped server. In a cluster, back up the PostgreSQL database instead.",
    backup_button: 'Download a backup',
    import_title: 'Import',
    import_text:
      'Imports a transfer file produced by an export or by a conversion command. Records with the same key replace those of this server; persistent instances, MCP tool specs and MCP servers in the file are always imported, the cache never. Users are imported only when chosen below.',
    import_button: 'Choose a transfer file',
    choose_configs: 'Configs (with history) and namespaces',
    choose_users: 'Users (replace users of the same name, passwords included)',
    users_warning:
      "Imported users replace this server's users of the same name, with their passwords and roles: an exported admin replaces this server's admin password.",
    confirm_title: 'Import {{name}}?',
    confirm_text: 'These records of the file replace those with the same key on this server: {{parts}}.',
    confirm_no_users: "Users in the file are not imported; this server's users and passwords stay as they are.",
    confirm_ok: 'Import',
    part_configs_namespaces: 'configs and namespaces',
    part_configs: 'Configs',
    part_grays: 'Gray releases (beta and tag)',
    part_namespaces: 'Namespaces',
    part_instances: 'Persistent instances',
    part_users: 'Users',
    part_mcp: 'MCP tool specs and servers',
    part_mcp_specs: 'MCP tool specs',
    part_mcp_servers: 'MCP servers',
    result_title: 'Imported',
    skipped: 'Skipped records',
    ignored: 'Records of tables this server does not keep',
    fail_invalid: 'Not a valid transfer file; nothing was imported',
    fail_too_large: 'The file is larger than the upload limit; nothing was imported',
    fail_busy: 'Another import is running; try again when it is done',
    help_title: 'Data management',
    help_data:
      'A transfer file moves data between servers and between storage formats. Besides the export and import above, the server command converts it offline:',
    help_sqlite: 'Convert a transfer file to a SQLite database, and back:',
    migrate_title: 'Migrating from nacos',
    migrate_text: 'Data of a nacos server is converted into a transfer file, then imported here:',
    migrate_openapi:
      'Through the nacos OpenAPI (namespaces and configs; username and password when nacos has auth on):',
    migrate_mysql:
      'From the nacos MySQL database (configs with history, namespaces and users; each user keeps its enabled flag):',
  },
};

export const transferMessages: FeatureMessages<typeof en> = {
  en,
  zh: {
    transfer: {
      title: '数据迁移',
      export_title: '导出',
      export_text:
        '将本服务的全部配置（含历史）、用户创建的命名空间、用户、持久化实例、MCP 工具定义和 MCP 服务导出为一个迁移文件。',
      export_button: '下载迁移文件',
      backup_title: '备份',
      backup_text:
        '本服务数据库的一致副本，服务运行时即可生成。停止服务后用 <code>tsnacos restore --from 文件</code> 恢复。集群模式下请改为备份 PostgreSQL 数据库。',
      backup_button: '下载备份',
      import_title: '导入',
      import_text:
        '导入由导出或转换命令生成的迁移文件。键相同的记录将替换本服务已有的记录；文件中的持久化实例、MCP 工具定义和 MCP 服务总会导入，缓存不导入。仅在下方勾选时才导入用户。',
      import_button: '选择迁移文件',
      choose_configs: '配置（含历史）和命名空间',
      choose_users: '用户（替换同名用户，包括密码）',
      users_warning: '导入的用户将替换本服务的同名用户及其密码和角色：导出文件中的 admin 会替换本服务 admin 的密码。',
      confirm_title: '导入 {{name}}？',
      confirm_text: '文件中的以下记录将替换本服务键相同的记录：{{parts}}。',
      confirm_no_users: '不导入文件中的用户；本服务的用户和密码保持不变。',
      confirm_ok: '导入',
      part_configs_namespaces: '配置和命名空间',
      part_configs: '配置',
      part_grays: '灰度发布（Beta 和标签）',
      part_namespaces: '命名空间',
      part_instances: '持久化实例',
      part_users: '用户',
      part_mcp: 'MCP 工具定义和服务',
      part_mcp_specs: 'MCP 工具定义',
      part_mcp_servers: 'MCP 服务',
      result_title: '已导入',
      skipped: '跳过的记录',
      ignored: '本服务不保存的表的记录',
      fail_invalid: '不是有效的迁移文件，未导入任何数据',
      fail_too_large: '文件超过上传大小限制，未导入任何数据',
      fail_busy: '另一个导入正在进行，请在其完成后重试',
      help_title: '数据管理',
      help_data: '迁移文件用于在服务之间、存储格式之间迁移数据。除上面的导出与导入外，服务命令还可以离线转换：',
      help_sqlite: '迁移文件与 SQLite 数据库互相转换：',
      migrate_title: '从 nacos 迁移',
      migrate_text: '先将 nacos 的数据转换为迁移文件，再在此导入：',
      migrate_openapi: '通过 nacos OpenAPI（命名空间与配置；nacos 开启鉴权时需提供用户名和密码）：',
      migrate_mysql: '从 nacos 的 MySQL 数据库（配置及历史、命名空间、用户；用户保留其启用状态）：',
    },
  },
};
