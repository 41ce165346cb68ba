import { serveJobs } from '../../shared/untrusted/job-worker.js';
import { loadDrawing, renderCaptchaPng } from './captcha-image.js';
import type { CaptchaJob } from './captcha-renderer.js';

// The captcha worker's entry: built as dist/captcha-worker.js beside the server's bundle (build.mjs).
// The image library loads before the worker says it is ready, so no picture's deadline pays for it.
await loadDrawing();
serveJobs({ 'captcha-png': ({ params }) => renderCaptchaPng((params as CaptchaJob).text) });
