import type { FeatureMessages } from '../../i18n/messages-type.js';

const en = {
  instance: {
    list_title: 'Instance list',
    service: 'Service',
    group: 'Group',
    ip: 'IP',
    port: 'Port',
    ephemeral: 'Ephemeral',
    weight: 'Weight',
    healthy: 'Healthy',
    enabled: 'Status',
    online: 'online',
    offline: 'offline',
    register_time: 'Register time',
    metadata: 'Metadata',
    cluster: 'Cluster',
    detail_title: 'Instance detail',
    edit_title: 'Edit instance',
    weight_number: 'The weight must be a number',
    weight_negative: 'The weight cannot be less than 0',
    metadata_invalid: 'The metadata must be a JSON object',
  },
};

export const instanceMessages: FeatureMessages<typeof en> = {
  en,
  zh: {
    instance: {
      list_title: '实例列表',
      service: '服务',
      group: '服务组',
      ip: 'IP',
      port: '端口',
      ephemeral: '临时实例',
      weight: '权重',
      healthy: '健康',
      enabled: '状态',
      online: '上线',
      offline: '下线',
      register_time: '注册时间',
      metadata: '元数据',
      cluster: '集群',
      detail_title: '实例详情',
      edit_title: '编辑实例',
      weight_number: '权重需为数字',
      weight_negative: '权重不能小于0',
      metadata_invalid: '元数据需为 JSON 对象',
    },
  },
};
