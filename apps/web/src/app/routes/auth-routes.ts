import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-route';

/**
 * Sign-up, log-in, e-mail confirmation and password restore, under the landing layout and its
 * locale prefix (docs/requirements/public-site.md, public routes). Every page is its own chunk, so the public
 * pages never download dashboard code.
 */
export const authRoutes: RouteObject[] = [
  { path: 'login', lazy: lazyPage(() => import('../../features/auth/login-page')) },
  { path: 'private-account', lazy: lazyPage(() => import('../../features/auth/private-sign-up-page')) },
  { path: 'business-account', lazy: lazyPage(() => import('../../features/auth/business-sign-up-page')) },
  { path: 'confirm', lazy: lazyPage(() => import('../../features/auth/confirm-page')) },
  { path: 'confirm/email', lazy: lazyPage(() => import('../../features/auth/confirm-email-page')) },
  { path: 'restore', lazy: lazyPage(() => import('../../features/auth/restore-page')) },
  { path: 'restore/done', lazy: lazyPage(() => import('../../features/auth/restore-done-page')) },
  { path: 'restore/:hash', lazy: lazyPage(() => import('../../features/auth/restore-hash-page')) },
];
