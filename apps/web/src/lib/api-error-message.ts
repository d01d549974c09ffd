import { ApiError, NetworkError } from './api-client';

// Spec section 8, the error catalogue, in one place. Returns what the snackbar shows, or
// undefined when nothing should show (a cancelled request).
export type ErrorOutcome = { message: string; signOut: boolean } | undefined;

const LOGIN_CHECK_PATH = '/auth/login_check';

export function errorOutcome(error: unknown): ErrorOutcome {
  if (error instanceof DOMException && error.name === 'AbortError') return undefined;
  if (error instanceof NetworkError) return { message: 'Error!', signOut: false };
  if (!(error instanceof ApiError)) return { message: 'Error!', signOut: false };
  const { status, body } = error;
  if ((status === 401 || status === 403) && !error.path.startsWith(LOGIN_CHECK_PATH)) {
    return { message: body?.message || 'Authorization Error!', signOut: true };
  }
  if (status === 400) {
    const listed = body?.errors?.map((item) => item.message).filter(Boolean) ?? [];
    return { message: listed.length > 0 ? listed.join('\n') : body?.message || 'API Error!', signOut: false };
  }
  if (status === 422) return { message: body?.detail || body?.message || `Error ${status}`, signOut: false };
  return { message: body?.message || `Error ${status}`, signOut: false };
}
