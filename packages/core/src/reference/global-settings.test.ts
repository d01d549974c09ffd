import { describe, expect, it } from 'vitest';
import { globalSettings } from './global-settings';

describe('global settings', () => {
  it('carries the technical constants', () => {
    expect(globalSettings).toMatchObject({
      max_upload_bytes: 10_485_760,
      password_min_length: 8,
      notifications_page_size: 20,
      snackbar_timeout_ms: 10_000,
      unread_badge_cap: 99,
      session_idle_timeout_seconds: 300,
      language_cookie_days: 365,
      min_dropdown_width_px: 160,
      iban_max_body_length: 30,
      token_cookie_name: 'bp__token',
      loading_bar_throttle_ms: 200,
      loading_bar_duration_ms: 5_000,
    });
  });

  it('is frozen and JSON-safe, since GET /meta sends it as it is', () => {
    expect(Object.isFrozen(globalSettings)).toBe(true);
    expect(JSON.parse(JSON.stringify(globalSettings))).toEqual(globalSettings);
    expect(globalSettings.password_max_length).toBeGreaterThan(globalSettings.password_min_length);
  });
});
