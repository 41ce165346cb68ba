import type { FeatureMessages } from '../../i18n/messages-type.js';

const en = {
  namespace: {
    title: 'Namespaces',
    name: 'Namespace name',
    id: 'Namespace ID',
    id_placeholder: 'Generated automatically when left empty',
    name_placeholder: 'Enter the namespace name',
    need_name: 'Need to input a name',
    retain: 'retain space',
    add_title: 'New namespace',
    edit_title: 'Edit namespace',
    id_copied: 'namespace id copied',
  },
};

export const namespaceMessages: FeatureMessages<typeof en> = {
  en,
  zh: {
    namespace: {
      title: '命名空间',
      name: '命名空间名称',
      id: '命名空间ID',
      id_placeholder: '不填则自动生成',
      name_placeholder: '请输入命名空间名称',
      need_name: '需要输入名称',
      retain: '保留空间',
      add_title: '新建命名空间',
      edit_title: '编辑命名空间',
      id_copied: '已复制命名空间ID',
    },
  },
};
