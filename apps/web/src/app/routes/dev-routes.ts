import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-route';

/** Demo mode's tools, in the plain layout. */
export const devRoutes: RouteObject[] = [
  { path: 'dev/mailbox', lazy: lazyPage(() => import('../../features/dev-mailbox/mailbox-page')) },
];
