import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/build-test-app';
import { listRoutes } from './testing/list-routes';

// The API's one URL case rule (docs/conventions.md, "URLs"): every fixed path segment is
// lower-case snake_case, as the spec's own calls are (`/api/client/update_require`,
// `/api/meta/document_types`); a file a route serves is `<snake_case>.<extension>`. Parameters are
// placeholders, not text of the URL. The segments below were published in kebab-case before the
// rule was written down; they stay, because integrators and bookmarks already use them, and no new
// one may join them. The API docs' own static files are the library's names.
const PUBLISHED_IN_KEBAB_CASE = new Set([
  'card-waitlist',
  'email-unsubscribe',
  'exchange-rates',
  'fx-income',
  'fx-position',
  'fx-rates',
  'payment-files',
  'payment-rails',
]);
const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*(?:\.[a-z0-9]+)?$/;
const LIBRARY_FILES = '/api/docs/static/';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

describe('the URL case rule', () => {
  it('writes every path segment of every route in snake_case', () => {
    const segments = listRoutes(test.app).flatMap((route) => {
      const path = route.slice(route.indexOf(' ') + 1);
      if (path.startsWith(LIBRARY_FILES)) return [];
      return path
        .split('/')
        .filter((segment) => segment !== '' && !segment.startsWith(':'))
        .map((segment) => ({ route, segment }));
    });
    const offending = segments
      .filter(({ segment }) => segment !== '*' && !SNAKE_CASE.test(segment))
      .filter(({ segment }) => !PUBLISHED_IN_KEBAB_CASE.has(segment))
      .map(({ route, segment }) => `${route}: '${segment}'`);
    expect(offending).toEqual([]);
  });

  it('keeps the list of kebab-case paths to those still served', () => {
    const served = new Set(listRoutes(test.app).flatMap((route) => route.split(/[ /]/)));
    expect([...PUBLISHED_IN_KEBAB_CASE].filter((segment) => !served.has(segment))).toEqual([]);
  });
});
