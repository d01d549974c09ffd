import { ApiError } from './api-client';

// docs/error-catalogue.md: the one rule that turns a failed call into the text shown, in the client
// app and the back office alike. Each app passes its own locale file's words (`errors.*`), so the
// back office bundles none of the client site's text. The server's own words win.
type ErrorKey = 'errors.no_response' | 'errors.status' | 'errors.authorization' | 'errors.api';
export type ErrorWords = (key: ErrorKey, options?: { status: number }) => string;

/** What a failed call says; undefined when nothing should show (a cancelled request). */
export function errorText(error: unknown, words: ErrorWords): string | undefined {
  if (error instanceof DOMException && error.name === 'AbortError') return undefined;
  // No answer at all (NetworkError), or a failure before one arrived.
  if (!(error instanceof ApiError)) return words('errors.no_response');
  const { status, body } = error;
  const fallback = words('errors.status', { status });
  if (status === 401 || status === 403) return body?.message || words('errors.authorization');
  if (status === 400) {
    const listed = body?.errors?.map((item) => item.message).filter(Boolean) ?? [];
    return listed.length > 0 ? listed.join('\n') : body?.message || words('errors.api');
  }
  if (status === 422) return body?.detail || body?.message || fallback;
  return body?.message || fallback;
}
