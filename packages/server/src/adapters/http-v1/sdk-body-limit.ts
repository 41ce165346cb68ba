import type { Core } from '../../core/core.js';

/** Form bodies expand up to 3x when URL-encoded; room so an oversized config gets a clear 400. */
export function sdkBodyLimit(core: Core): number {
  return core.configs.maxContentBytes * 3 + 64 * 1024;
}
