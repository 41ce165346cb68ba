import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves dist/index.html for the console routes and dist/assets/* under /rnacos/assets.
export default defineConfig({
  base: '/rnacos/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // The size report reads the manifest to find the login route's initial chunks.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    // `npm run dev -w @tsnacos/web` proxies the API to a locally running server (console port).
    proxy: { '/rnacos/api': process.env.TSNACOS_CONSOLE_URL ?? 'http://127.0.0.1:10848' },
  },
});
