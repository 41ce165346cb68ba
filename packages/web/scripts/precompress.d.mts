/** Writes .br and .gz copies beside every text file under `dir` (see precompress.mjs). */
export function precompress(dir: string): { count: number; plain: number; brotli: number };
