import { describe, expect, it } from 'vitest';
import { setupI18n } from '../../../testing/render.js';
import type { XhrUploadResult } from '../../../components/upload/xhr-upload.js';
import { importFailureText } from './import-failure.js';

const answer = (status: number, body: object): XhrUploadResult => ({
  ok: false,
  status,
  xhr: { responseText: JSON.stringify(body) } as XMLHttpRequest,
});

const damaged = answer(400, {
  success: false,
  code: 'PARAM_ERROR',
  message: 'invalid transfer file at byte 0: not a transfer file',
});

describe('transfer import failure text', () => {
  it('leads with the reason in Chinese in the Chinese console, the server detail after it', () => {
    setupI18n('zh');
    expect(importFailureText(damaged)).toBe(
      '不是有效的迁移文件，未导入任何数据 (上传处理失败: invalid transfer file at byte 0: not a transfer file)',
    );
  });

  it('in English too; an unexpected status keeps the plain upload failure text', () => {
    setupI18n('en');
    expect(importFailureText(damaged)).toMatch(
      /^Not a valid transfer file; nothing was imported \(upload processing failed: /,
    );
    expect(importFailureText(answer(500, { success: false, message: 'boom' }))).toBe('upload processing failed: boom');
  });
});
