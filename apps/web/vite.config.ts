import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API serves the built app from apps/web/dist at `/`; in development Vite serves it and
// forwards /api to the API on port 3000, so cookies stay same-origin in both.
// The operator back office will be a second entry: add `build.rollupOptions.input` with
// `index.html` and `backoffice.html`, so operators' code never ships to clients.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
