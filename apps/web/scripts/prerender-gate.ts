import type { Prerender } from './prerender-entry';

// The first script of index.html, run before anything else is parsed: it picks the prerendered
// page the visitor asked for (and its language), sets the colour scheme, and makes the skip link
// work before the app has loaded.
export function gateScript(prerender: Prerender): string {
  const settings = JSON.stringify({
    locales: prerender.localeCodes,
    prefixed: prerender.usesLocalePrefix,
    pages: prerender.pages.map((page) => page.path),
    languages: prerender.pages.map((page) => page.language),
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
  var index = s.pages.indexOf(page);
  var fresh = index >= 0;
  if (fresh) root.setAttribute('lang', s.languages[index]);
  root.setAttribute('data-prerender', fresh ? 'fresh' : 'stale');
  root.setAttribute('data-prerender-path', fresh ? page : '');
  var scheme = cookie('bp__theme');
  if (scheme !== 'light' && scheme !== 'dark') {
    scheme = window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  root.setAttribute('data-mantine-color-scheme', scheme);
  // The skip link works from the first byte, before the app has loaded: the router reads the
  // hash, so the link must move focus without changing it (components/skip-link.tsx, once loaded).
  document.addEventListener('click', function (event) {
    var link = event.target && event.target.closest && event.target.closest('a.skip-link');
    // Before the app runs, each prerendered page is still in its own container, each with a main.
    var page = link && link.closest('[data-prerendered]');
    var main = link && ((page && page.querySelector('#main-content')) || document.getElementById('main-content'));
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
    if (main.scrollIntoView) main.scrollIntoView({ block: 'start' });
  }, true);
})();
`;
}
