import type { FeatureMessages } from '../i18n/messages-type.js';

const en = {
  pages: {
    not_found_title: '404',
    not_found_text: 'The page does not exist',
    no_permission_text: 'No permission',
    requested_path: 'Path: {{path}}',
  },
  layout: {
    account: 'Account',
    toggle_menu: 'Show or hide the menu',
    switch_to_en: 'Switch to English',
    switch_to_zh: '切换到中文',
    default_password:
      'The console user {{username}} still has the default password: anyone who knows it can log in as admin. Change it (menu at the top right, Change password).',
  },
};

export const appMessages: FeatureMessages<typeof en> = {
  en,
  zh: {
    pages: {
      not_found_title: '404',
      not_found_text: '页面不存在',
      no_permission_text: '没有权限',
      requested_path: '路径: {{path}}',
    },
    layout: {
      account: '账号',
      toggle_menu: '显示或隐藏菜单',
      switch_to_en: 'Switch to English',
      switch_to_zh: '切换到中文',
      default_password:
        '控制台用户 {{username}} 仍在使用默认密码：知道它的人都能以管理员身份登录。请修改密码（右上角菜单，修改密码）。',
    },
  },
};
