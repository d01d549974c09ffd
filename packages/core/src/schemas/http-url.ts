import { z } from 'zod';

// One schema for every web address a client gives (a company website, say). `z.url()` alone
// takes `javascript:` and `data:` URLs, and the WHATWG parser behind it silently drops CR, LF
// and tabs, so a header-injection string passes as a valid address. Here: http or https only,
// a real domain name, and no whitespace or control character anywhere in the text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/;

export function httpUrl(maxLength = 200) {
  return z
    .string()
    .max(maxLength)
    .refine(
      (text) => !WHITESPACE_OR_CONTROL.test(text),
      'A web address must not contain spaces or line breaks',
    )
    .pipe(
      z.url({
        protocol: /^https?$/,
        hostname: z.regexes.domain,
        error: 'Enter a web address starting with https://',
      }),
    );
}
