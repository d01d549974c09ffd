// The technical constants of docs/requirements/tariff.md, returned as global_settings by GET /meta so the
// web app and the API enforce the same numbers. Units are in the names (docs/conventions.md, after
// TigerBeetle) so that nobody has to guess whether a timeout is in seconds or milliseconds.
export const globalSettings = Object.freeze({
  // docs/requirements/tariff.md: 10 MB at most, read as binary megabytes like the browser's file sizes.
  max_upload_bytes: 10 * 1024 * 1024,
  password_min_length: 8,
  // A cap bounds the hashing work one login request can cause; 128 fits any passphrase.
  password_max_length: 128,
  notifications_page_size: 20,
  // docs/requirements/tariff.md: the next page loads within 10 px of the bottom of the list.
  notifications_scroll_threshold_px: 10,
  snackbar_timeout_ms: 10_000,
  // docs/requirements/tariff.md: the sidebar shows '99+' above this.
  unread_badge_cap: 99,
  session_idle_timeout_seconds: 300,
  language_cookie_days: 365,
  token_cookie_name: 'bp__token',
  locale: 'en-GB',
  // docs/requirements/tariff.md: dates are shown in UTC in these formats (dayjs tokens).
  date_format: 'DD-MM-YYYY',
  date_time_format: 'DD-MM-YYYY HH:mm:ss',
  min_dropdown_width_px: 160,
  // docs/requirements/validation.md: after the 4 leading characters (country code and check digits).
  iban_max_body_length: 30,
  loading_bar_throttle_ms: 200,
  loading_bar_duration_ms: 5_000,
  dashboard_loader_ms: 1_000,
  // docs/error-catalogue.md: a failed page chunk reloads the page at most once per minute, so a broken
  // deployment cannot put the browser into a reload loop.
  chunk_reload_min_interval_ms: 60_000,
});

export type GlobalSettings = typeof globalSettings;
