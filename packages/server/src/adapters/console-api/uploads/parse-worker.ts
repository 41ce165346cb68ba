import { serveJobs } from '../../../shared/untrusted/job-worker.js';
import { UPLOAD_JOBS } from './upload-jobs.js';

// The parse worker's entry: built as dist/parse-worker.js beside the server's bundle (build.mjs).
serveJobs(UPLOAD_JOBS);
