import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { ErrorPage } from './error-page';

// The API names accounts, payments, recipients and tickets by UUID (the id params schemas in
// packages/core). A param route cannot carry a pattern, so its loader refuses any other segment
// with a 404: `payments/batch` is not a payment, and the not-found page answers instead of a
// details page asking the API for an id that cannot exist. The app shell stays free of zod.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined): boolean {
  return value !== undefined && UUID.test(value);
}

/** The loader of a route whose `:id` is an API id. */
export function uuidParamLoader({ params }: Pick<LoaderFunctionArgs, 'params'>): null {
  if (!isUuid(params.id)) throw new Response(null, { status: 404, statusText: 'Not Found' });
  return null;
}

/**
 * Spread into a `:id` route: the check, and the not-found page in the route's own place, so it
 * shows inside the dashboard layout like any other unknown dashboard path.
 */
export const uuidParam = {
  loader: uuidParamLoader,
  errorElement: <ErrorPage />,
} satisfies Partial<RouteObject>;
