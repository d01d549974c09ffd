import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client';
import { type ErrorWords, errorText } from './error-text';

// The one rule of docs/error-catalogue.md, spoken in whichever app's words are passed: here the
// keys themselves, to show which word each case takes.
const words: ErrorWords = (key, options) => (options ? `${key}:${options.status}` : key);
const apiError = (status: number, body?: object) => new ApiError(status, body, '/backoffice/x');

describe('errorText', () => {
  it("takes the server's own words first", () => {
    expect(errorText(apiError(403, { message: 'Your role may not' }), words)).toBe('Your role may not');
    expect(errorText(apiError(422, { detail: 'Too late', message: 'x' }), words)).toBe('Too late');
    expect(
      errorText(apiError(400, { errors: [{ field: 'body.a', code: 'x', message: 'A is wrong' }] }), words),
    ).toBe('A is wrong');
  });

  it("falls back on the app's words", () => {
    expect(errorText(apiError(401), words)).toBe('errors.authorization');
    expect(errorText(apiError(400), words)).toBe('errors.api');
    expect(errorText(apiError(503), words)).toBe('errors.status:503');
    expect(errorText(new NetworkError('/x'), words)).toBe('errors.no_response');
  });

  it('says nothing of a cancelled request', () => {
    expect(errorText(new DOMException('aborted', 'AbortError'), words)).toBeUndefined();
  });
});
