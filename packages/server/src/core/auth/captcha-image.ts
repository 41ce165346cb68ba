import { randomInt } from 'node:crypto';
import type { JimpInstance } from 'jimp';

const CAPTCHA_WIDTH = 220;
const CAPTCHA_HEIGHT = 120;

/**
 * Drawing runs in the captcha worker only (captcha-worker.ts), about 30 ms of CPU a picture. The image library
 * and its font are loaded when that worker starts, with the first captcha: most starts never draw one.
 */
let drawing:
  Promise<{ Jimp: typeof import('jimp').Jimp; font: Awaited<ReturnType<typeof import('jimp').loadFont>> }> | undefined;

export function loadDrawing() {
  drawing ??= (async () => {
    const [{ Jimp, loadFont }, { SANS_64_BLACK }] = await Promise.all([import('jimp'), import('jimp/fonts')]);
    return { Jimp, font: await loadFont(SANS_64_BLACK) };
  })();
  return drawing;
}

/** A 220x120 PNG of the text: each character tilted and shifted, over dot noise and a grid of faint lines. */
export async function renderCaptchaPng(text: string): Promise<Buffer> {
  const { Jimp, font } = await loadDrawing();
  const image = new Jimp({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, color: 0xf5f5f5ff });
  drawGrid(image);
  const step = (CAPTCHA_WIDTH - 30) / text.length;
  for (let i = 0; i < text.length; i++) {
    const glyph = new Jimp({ width: 70, height: 84, color: 0x00000000 });
    glyph.print({ font, x: 12, y: 6, text: text[i] });
    glyph.rotate(randomInt(-25, 26));
    image.composite(glyph, Math.round(10 + i * step + randomInt(-4, 5)), randomInt(4, 30));
  }
  sprinkle(image, 0.1);
  return image.getBuffer('image/png');
}

function drawGrid(image: JimpInstance): void {
  for (let x = 0; x < CAPTCHA_WIDTH; x += CAPTCHA_WIDTH / 8) {
    for (let y = 0; y < CAPTCHA_HEIGHT; y++) image.setPixelColor(0xd0d0d0ff, Math.floor(x), y);
  }
  for (let y = 0; y < CAPTCHA_HEIGHT; y += CAPTCHA_HEIGHT / 8) {
    for (let x = 0; x < CAPTCHA_WIDTH; x++) image.setPixelColor(0xd0d0d0ff, x, Math.floor(y));
  }
}

/** Sets a share of the pixels to random dark colours. */
function sprinkle(image: JimpInstance, share: number): void {
  const count = Math.floor(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * share);
  for (let i = 0; i < count; i++) {
    const color = ((randomInt(0, 160) << 24) | (randomInt(0, 160) << 16) | (randomInt(0, 160) << 8) | 0xff) >>> 0;
    image.setPixelColor(color, randomInt(CAPTCHA_WIDTH), randomInt(CAPTCHA_HEIGHT));
  }
}
