import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import type { HomePrerender } from './prerender-entry';

// The home page's HTML, rendered at build time into dist/index.html, so the first paint (and
// Lighthouse's LCP) does not wait for the JavaScript; main.tsx then hydrates it.
//
// One index.html serves every hash route, so a blocking script of a few hundred bytes runs
// before the markup is parsed: it resolves `#/` to the visitor's language as the router would
// (cookie, then browser languages), sets the colour scheme as Mantine would, and marks the
// prerendered markup stale when the page asked for is not the prerendered one; the inline
// style hides stale markup, and main.tsx then renders from scratch instead of hydrating.
// (The Content-Security-Policy allows scripts from 'self' only, hence a file, not inline.)
// The app's start module (imported by main.tsx on the visitor's first intent) and the home
// page: the HTML lists their chunks for that moment and inlines their styles.
const PRELOADED_MODULES = [
  /[\\/]src[\\/]app[\\/]start\.tsx$/,
  /[\\/]src[\\/]features[\\/]marketing[\\/]home-page\.tsx$/,
];

function gateScript(page: HomePrerender): string {
  const settings = JSON.stringify({
    locales: page.localeCodes,
    prefixed: page.usesLocalePrefix,
    home: page.path,
  });
  return `(function () {
  var s = ${settings};
  var root = document.documentElement;
  var cookie = function (name) {
    var match = document.cookie.match(new RegExp('(?:^|; )' + name + '=([^;]*)'));
    return match ? decodeURIComponent(match[1]) : undefined;
  };
  var detect = function () {
    var chosen = cookie('bp__locale');
    if (s.locales.indexOf(chosen) >= 0) return chosen;
    var languages = navigator.languages || [navigator.language];
    for (var i = 0; i < languages.length; i++) {
      var code = String(languages[i]).toLowerCase().split('-')[0];
      if (s.locales.indexOf(code) >= 0) return code;
    }
    return s.locales[0];
  };
  var path = location.hash.replace(/^#/, '').split('?')[0] || '/';
  if (s.prefixed && path === '/') {
    path = '/' + detect();
    history.replaceState(history.state, '', '#' + path + location.hash.replace(/^#[^?]*/, ''));
  }
  var page = path.length > 1 ? path.replace(/\\/$/, '') : path;
  root.setAttribute('data-prerender', page === s.home ? 'fresh' : 'stale');
  root.setAttribute('data-prerender-path', s.home);
  var scheme = cookie('bp__theme');
  if (scheme !== 'light' && scheme !== 'dark') {
    scheme = window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  root.setAttribute('data-mantine-color-scheme', scheme);
})();
`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type HomeAssets = { scripts: string[]; styles: string[] };

// Modules the public pages' first load must not contain: other features, the back office,
// the zod validator (forms load it with their own chunk).
const NOT_PUBLIC =
  /[\\/](src[\\/]features[\\/](?!marketing[\\/])|src[\\/]backoffice[\\/]|node_modules[\\/]zod[\\/])/;

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

// Every stylesheet the home page needs (the entry's and the home chunk's), inlined into one
// <style> where the first of them was linked: the first paint then waits for the HTML alone,
// not for ten render-blocking requests. The links stay, as media="print" (fetched late, never
// blocking), so Vite's loader, which skips stylesheets already linked, does not fetch them
// again when a page's chunk loads.
async function inlineStylesheets(html: string, homeStyles: string[], outDir: string) {
  const linked = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1] ?? '');
  const files = [...new Set([...linked, ...homeStyles])];
  const sheets = await Promise.all(files.map((file) => readFile(join(outDir, file), 'utf8')));
  // A sheet with url() references stays a normal link: its paths are relative to assets/.
  const inline = files.filter((_, index) => !sheets[index]?.includes('url('));
  const css = files
    .map((file, index) => (inline.includes(file) ? sheets[index] : ''))
    .join('\n')
    .replace(/<\/style/gi, '<\\/style');
  let first = true;
  const withoutLinks = html.replace(STYLESHEET_LINK, (link, file: string) => {
    if (!inline.includes(file)) return link;
    const placeholder = `<link rel="stylesheet" crossorigin href="/${file}" media="print">`;
    if (!first) return placeholder;
    first = false;
    return `<style data-critical>${css}</style>\n    ${placeholder}`;
  });
  const extra = homeStyles
    .filter((file) => !linked.includes(file))
    .map((file) =>
      inline.includes(file)
        ? `<link rel="stylesheet" crossorigin href="/${file}" media="print">`
        : `<link rel="stylesheet" crossorigin href="/${file}">`,
    );
  return { html: withoutLinks.replace(/<\/head>/, () => `  ${extra.join('\n    ')}\n  </head>`) };
}

export function prerenderHomePage(): Plugin {
  let config: ResolvedConfig;
  let assets: HomeAssets = { scripts: [], styles: [] };
  return {
    name: 'bluepeak:prerender-home',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    // The home page's chunk, the chunks it imports and their stylesheets: preloaded from the
    // HTML, so the page's styles are there for the first paint and hydration can start early.
    writeBundle(_, bundle) {
      const roots = PRELOADED_MODULES.map((pattern) => {
        const chunk = Object.values(bundle).find(
          (file) => file.type === 'chunk' && file.facadeModuleId && pattern.test(file.facadeModuleId),
        );
        if (!chunk) throw new Error(`prerender: no chunk for ${pattern}`);
        return chunk.fileName;
      });
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || scripts.has(fileName)) return;
        scripts.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const fileName of roots) visit(fileName);
      assets = { scripts: [...scripts], styles: [...styles] };
      // Issue 5: no dashboard code on public pages. Say so when a static import drags some in.
      const leaks = [...scripts].flatMap((fileName) => {
        const chunk = bundle[fileName];
        return chunk?.type === 'chunk' ? chunk.moduleIds.filter((id) => NOT_PUBLIC.test(id)) : [];
      });
      const names = new Set(
        leaks.map((id) =>
          id.replace(/.*[\\/]node_modules[\\/](zod)[\\/].*/, '$1').replace(/.*[\\/]src[\\/]/, 'src/'),
        ),
      );
      if (names.size > 0) {
        this.warn(`the home page loads code of other pages (import it lazily): ${[...names].join(', ')}`);
      }
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const server = await createServer({
        configFile: false,
        root: config.root,
        mode: config.mode,
        envDir: config.envDir,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
        // Bundled rather than external, so the router module's import can be redirected below.
        ssr: { noExternal: ['react-router'] },
        plugins: [
          react(),
          {
            name: 'bluepeak:prerender-router',
            enforce: 'pre',
            async resolveId(source, importer) {
              if (
                source === 'react-router' &&
                importer &&
                /[\\/]src[\\/]app[\\/]router\.tsx$/.test(importer)
              ) {
                return join(config.root, 'scripts', 'hash-router-for-prerender.ts');
              }
              return null;
            },
          },
        ],
      });
      try {
        const entry = (await server.ssrLoadModule(join(config.root, 'scripts', 'prerender-entry.tsx'))) as {
          prerenderHome: () => Promise<HomePrerender>;
        };
        const page = await entry.prerenderHome();
        // React hoists resource hints (the logo's image preload) to the start of its output;
        // they belong in <head>, not among the nodes React hydrates.
        const hints: string[] = [];
        const body = page.html.replace(/^(?:<link [^>]*\/?>)+/, (links) => {
          hints.push(...(links.match(/<link [^>]*\/?>/g) ?? []));
          return '';
        });
        const gate = gateScript(page);
        const gateFile = `assets/prerender-gate-${createHash('sha256').update(gate).digest('hex').slice(0, 8)}.js`;
        await writeFile(join(outDir, gateFile), gate);

        const indexPath = join(outDir, 'index.html');
        let html = await readFile(indexPath, 'utf8');
        const critical = await inlineStylesheets(html, assets.styles, outDir);
        html = critical.html;
        const head = [
          '<style>html[data-prerender="stale"] #root { display: none; }</style>',
          ...hints,
          // Fetched when the app boots, on the visitor's first intent (src/boot-on-intent.ts),
          // all at once rather than as a waterfall of dynamic imports.
          `<meta name="bluepeak:boot-modules" content="${assets.scripts
            .filter((file) => !html.includes(`/${file}"`))
            .map((file) => `/${file}`)
            .join(' ')}">`,
        ];
        const replace = (pattern: RegExp, replacement: string) => {
          if (!pattern.test(html)) throw new Error(`prerender: ${pattern} not found in index.html`);
          html = html.replace(pattern, () => replacement);
        };
        replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
        replace(
          /<meta name="description" content="[^"]*" \/>/,
          `<meta name="description" content="${escapeHtml(page.description)}" />`,
        );
        replace(/<\/head>/, `  ${head.join('\n    ')}\n  </head>`);
        // First in <head>, so it is the first request after the HTML and never waits in the
        // queue behind the preloaded modules: the first paint waits for it.
        replace(
          /<meta charset="UTF-8" \/>/,
          `<meta charset="UTF-8" />\n    <script src="/${gateFile}"></script>`,
        );
        replace(/<div id="root"><\/div>/, `<div id="root">${body}</div>`);
        await writeFile(indexPath, html);
      } finally {
        await server.close();
      }
    },
  };
}
