// Sessions end after 5 minutes without a request (PSD2 RTS art. 4(3)(d)) and, however busy,
// 12 hours after log-in, so a stolen cookie has a bounded life.
export const SESSION_IDLE_SECONDS = 5 * 60;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
// The idle timer is written at most this often: a request within this many seconds of the last
// write leaves it alone, so a busy session costs no disk flush per read. A session therefore
// ends between SESSION_IDLE_SECONDS minus this and SESSION_IDLE_SECONDS after its last request,
// never later.
export const SESSION_TOUCH_SECONDS = 15;

export const CLIENT_COOKIE = 'bp__token';
export const OPERATOR_COOKIE = 'bp__operator_token';
/** Operators' header, distinct from clients' `Authorization: Bearer`, so a token never crosses over. */
export const OPERATOR_HEADER = 'x-operator-token';

// PSD2 RTS art. 4(3)(b): at most five failed attempts in a row, then the log-in is blocked for
// a while. The same counter covers passwords and one-time codes.
export const MAX_FAILED_ATTEMPTS = 5;
export const LOCKOUT_SECONDS = 15 * 60;

// Out-of-band codes live at most 10 minutes (docs/reliability.md, T6); e-mailed links longer, because
// e-mail is slow and people read it later.
export const LOGIN_CODE_SECONDS = 10 * 60;
export const EMAIL_CONFIRM_LINK_SECONDS = 48 * 60 * 60;
// At most this many confirmation links to one address in an hour (the sign-up's included),
// so resending cannot flood someone's inbox from many IP addresses.
export const EMAIL_CONFIRM_LINKS_PER_HOUR = 5;
export const RESTORE_LINK_SECONDS = 60 * 60;
export const PHONE_CODE_SECONDS = 10 * 60;
