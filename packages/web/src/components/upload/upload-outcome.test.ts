import { beforeEach, describe, expect, it } from 'vitest';
import { setupI18n } from '../../testing/render.js';
import { uploadFailureText, uploadSucceeded } from './upload-outcome.js';
import type { XhrUploadResult } from './xhr-upload.js';

const answer = (status: number, responseText: string): XhrUploadResult => ({
  ok: status === 200,
  status,
  xhr: { responseText } as XMLHttpRequest,
});

describe('upload outcome', () => {
  beforeEach(() => setupI18n('en'));

  it('a 200 with success:false (a refusal) is a failure, with the server reason', () => {
    const refused = answer(200, '{"success":false,"code":"NO_PERMISSION","message":"no transfer for you"}');
    expect(uploadSucceeded(refused)).toBe(false);
    expect(uploadFailureText(refused)).toBe('upload processing failed: no transfer for you');
    expect(uploadSucceeded(answer(200, '{"success":true,"data":{}}'))).toBe(true);
  });

  it('says why a file was refused, from a JSON or a plain-text answer', () => {
    expect(uploadFailureText(answer(400, '{"success":false,"message":"T_CONFIG record is invalid: at 12"}'))).toBe(
      'upload processing failed: T_CONFIG record is invalid: at 12',
    );
    expect(uploadFailureText(answer(413, 'too large'))).toBe('upload processing failed: too large');
    expect(uploadFailureText(answer(0, ''))).toBe('upload processing failed');
  });
});
