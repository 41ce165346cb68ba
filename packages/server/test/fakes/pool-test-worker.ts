import { threadId } from 'node:worker_threads';
import { serveJobs } from '../../src/shared/untrusted/job-worker.js';
import { overLimit } from '../../src/shared/untrusted/untrusted-error.js';

/** Jobs for the WorkerPool tests: two that answer, one that never ends, one that eats its heap, two that fail. */
const kept: unknown[] = [];
serveJobs({
  echo: ({ params, chunks }, emit) => {
    for (const c of chunks) emit(c.length);
    return { params, threadId, bytes: chunks.reduce((n, c) => n + c.length, 0) };
  },
  many: (_input, emit) => {
    for (let i = 0; i < 40; i++) emit('x'.repeat(100_000) + i);
    return 40;
  },
  spin: () => {
    for (;;) kept.length = 0;
  },
  hog: () => {
    for (;;) kept.push(Array.from({ length: 10_000 }, (_, i) => ({ i })));
  },
  refuse: () => {
    throw overLimit('test-limit', 'a test limit', 7, 'here');
  },
  crash: () => {
    throw new TypeError('broken job');
  },
});
