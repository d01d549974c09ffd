import { z } from 'zod';

// One schema for every web address a client gives (a company website, say). `z.url()` alone
// takes `javascript:` and `data:` URLs, and the WHATWG parser behind it silently drops CR, LF
// and tabs, so a header-injection string passes as a valid address. Here: http or https only,
// a real domain name, and no whitespace or control character anywhere in the text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/;

export const WEB_ADDRESS_MESSAGE = 'Enter a web address, e.g. example.com';

export function httpUrl(maxLength = 200) {
  return (
    z
      .string()
      .trim()
      .max(maxLength)
      .refine(
        (text) => !WHITESPACE_OR_CONTROL.test(text),
        'A web address must not contain spaces or line breaks',
      )
      // "example.com" is read as https://example.com; any other scheme is still judged below.
      .transform((text) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`))
      .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: WEB_ADDRESS_MESSAGE }))
      // A name and password before the host ("mailto:x@example.com" read as https) is no website.
      .refine((url) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url), WEB_ADDRESS_MESSAGE)
  );
}
