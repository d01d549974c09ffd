// npm run bench:web — Lighthouse (mobile preset, Debian's Chromium) on the production build: the
// median of three runs for the home and log-in pages, and the JavaScript the home page downloads
// (gzip, as sent). docs/requirements/public-site.md targets: performance >= 95, accessibility 100,
// best practices >= 95, SEO >= 95, home JS <= 120 KB gzip. Prints figures; asserts nothing. While
// iterating: BENCH_RUNS=1 (default 3) and BENCH_PAGES=home (default home,login); BENCH_VERBOSE=1
// lists every script the page downloads; BENCH_URL=http://… audits a server that is already running
// instead of starting the production build.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/production-server';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const PAGES = (process.env.BENCH_PAGES ?? 'home,login').split(',').map((page) => page.trim());
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = Record<(typeof CATEGORIES)[number], number> & { scriptGzipBytes: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function audit(url: string, port: number): Promise<Scores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const requests = (
    audits['network-requests']?.details as {
      items?: { url?: string; resourceType?: string; transferSize?: number }[];
    }
  )?.items;
  const scripts = (requests ?? []).filter((item) => item.resourceType === 'Script');
  const scriptGzipBytes = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  if (VERBOSE) {
    await writeFile(
      join(tmpdir(), `bench-web-${new URL(url).hash.replace(/\W/g, '') || 'root'}.json`),
      JSON.stringify(result.lhr),
    );
    for (const item of scripts) console.log(`  ${item.transferSize ?? 0}\t${item.url ?? ''}`);
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'speed-index',
    ]) {
      console.log(`  ${id}: ${audits[id]?.displayValue ?? '?'}`);
    }
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    scriptGzipBytes,
  };
}

/**
 * What the home page's first intent costs (src/boot-on-intent.ts): the chunks the prerender lists
 * for the boot, gzip -9 of each as built (the server's own compression is close to it).
 */
async function bootModulesGzipBytes(): Promise<number> {
  const dist = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const list =
    /<meta name="bluepeak:page" data-path="\/en" [^>]*data-modules="([^"]*)">/.exec(html)?.[1] ?? '';
  let total = 0;
  for (const file of list.split(' ').filter(Boolean)) {
    total += gzipSync(await readFile(join(dist, file)), { level: 9 }).length;
  }
  return total;
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'bluepeak-bench-web-'));
  const server = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL, process: undefined }
    : await startServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumFlags,
  });
  try {
    const urls: Record<string, string> = { home: `${server.url}/#/en`, login: `${server.url}/#/en/login` };
    const pages = Object.fromEntries(PAGES.map((page) => [page, urls[page] ?? `${server.url}/#${page}`]));
    const results: Record<string, Scores[]> = Object.fromEntries(PAGES.map((page) => [page, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const [name, url] of Object.entries(pages)) results[name]?.push(await audit(url, chrome.port));
    }
    const summary = Object.fromEntries(
      Object.entries(results).map(([name, runs]) => [
        name,
        Object.fromEntries(
          [...CATEGORIES, 'scriptGzipBytes'].map((key) => [
            key,
            median(runs.map((r) => r[key as keyof Scores])),
          ]),
        ),
      ]),
    );
    console.table(summary);
    const home = (summary.home ?? {}) as Record<string, number>;
    const login = (summary.login ?? {}) as Record<string, number>;
    console.log(
      `home: best practices ${home['best-practices']}, SEO ${home.seo}; ` +
        `login: accessibility ${login.accessibility}, best practices ${login['best-practices']}, SEO ${login.seo}`,
    );
    console.log(
      `home at the first intent: the app's chunks add ${Math.round((await bootModulesGzipBytes()) / 1024)} KB gzip`,
    );
    console.log(
      `RESULT lighthouse_home=${home.performance} lighthouse_login=${login.performance} a11y_home=${home.accessibility} ` +
        `home_js_gzip_kb=${Math.round((home.scriptGzipBytes ?? 0) / 1024)}`,
    );
  } finally {
    await chrome.kill();
    server.process?.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
