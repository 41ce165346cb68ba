import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { UntrustedInputError } from '../../shared/untrusted/untrusted-error.js';
import { CAPTCHA_WORKERS, renderCaptchaInWorker } from './captcha-renderer.js';

describe('renderCaptchaInWorker', () => {
  it(
    'draws in the worker, one at a time with eight waiting, and refuses the rest as busy',
    { timeout: 60_000 },
    async () => {
      // the first picture starts the worker and loads the image library there
      const first = PNG.sync.read(await renderCaptchaInWorker('K7P2'));
      expect([first.width, first.height]).toEqual([220, 120]);

      const asked = 20;
      const answers = await Promise.allSettled(Array.from({ length: asked }, () => renderCaptchaInWorker('AB34')));
      const drawn = answers.filter((a) => a.status === 'fulfilled');
      const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as unknown] : []));
      expect(drawn).toHaveLength(CAPTCHA_WORKERS.maxWorkers + CAPTCHA_WORKERS.maxQueued);
      expect(refused).toHaveLength(asked - drawn.length);
      for (const err of refused) {
        expect(err).toBeInstanceOf(UntrustedInputError);
        expect(err).toMatchObject({ kind: 'busy', status: 429 });
        expect((err as Error).message).toBe('the server is busy drawing other captchas; try again shortly');
      }
      for (const a of drawn) expect(PNG.sync.read(a.value).width).toBe(220);
    },
  );
});
