import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'e2e/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['src/testing/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
