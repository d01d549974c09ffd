import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { prerenderPublicPages } from './scripts/prerender-plugin';

// Mantine's full stylesheet is ~300 KB and render-blocking. Instead, every Mantine module that
// holds a component's class names (`esm/components/X/X.module.mjs`) imports that component's
// own stylesheet (`styles/X.css`), so each chunk carries the CSS of exactly the components it
// uses, and the public pages load only theirs. Dependencies come first, as in Mantine's own
// order, because a component imports the components it is built from before its classes.
// Build only: in development Vite pre-bundles Mantine, and main.tsx loads the full sheet.
function mantineComponentCss(): Plugin {
  const classModule = /[\\/]@mantine[\\/]([a-z-]+)[\\/]esm[\\/](?:.*[\\/])?([A-Za-z]+)\.module\.mjs$/;
  return {
    name: 'bluepeak:mantine-component-css',
    apply: 'build',
    transform(code, id) {
      const match = classModule.exec(id.split('?')[0] ?? id);
      if (!match) return null;
      const [, pkg, component] = match;
      const sheet = pkg === 'core' ? `@mantine/core/styles/${component}.css` : `@mantine/${pkg}/styles.css`;
      return { code: `${code}\nimport '${sheet}';\n`, map: null };
    },
  };
}

// The API serves the built app from apps/web/dist at `/`; in development Vite serves it and
// forwards /api to the API on port 3000, so cookies stay same-origin in both.
// The operator back office is a second entry (`backoffice.html`), so operators' code never
// ships to clients and the clients' pages never ship to operators.
export default defineConfig({
  base: '/',
  plugins: [react(), mantineComponentCss(), prerenderPublicPages()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // Rolldown would otherwise merge modules shared by the back office and the client app's
      // lazy pages into chunks the public pages load up front (drawer, modal, popover code).
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        backoffice: fileURLToPath(new URL('backoffice.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
