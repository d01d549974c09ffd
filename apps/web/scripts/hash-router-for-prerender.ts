// Used only by the prerender step (prerender-plugin.ts): app/router.tsx's `createHashRouter`
// becomes an in-memory router, so the build renders the very route tree the browser will
// hydrate, in Node, where there is no window or location hash. Its links are written as the
// hash router writes them (`#/en/faq`), since hydration keeps the server's attributes.
import { createMemoryRouter } from 'react-router';

export * from 'react-router';

export const createHashRouter: typeof createMemoryRouter = (routes, options) => {
  const router = createMemoryRouter(routes, { ...options, initialEntries: ['/'] });
  const createPathHref = router.createHref;
  router.createHref = (to) => `#${createPathHref(to)}`;
  return router;
};
