import { describe, expect, it } from 'vitest';
import { codeInWords, codeName, codeNames } from './code-names';

describe('code names', () => {
  it('names a reference list code as the metadata does', () => {
    expect(codeName('CERTIFICATE_OF_INCORPORATION')).toBe('Certificate of incorporation');
    expect(codeNames(['DIRECTOR', 'ULTIMATE_BENEFICIAL_OWNER'])).not.toMatch(/[A-Z]{2,}_|DIRECTOR/);
  });

  it('puts a code no list knows in words rather than showing it raw', () => {
    expect(codeInWords('SOME_NEW_KIND')).toBe('Some new kind');
    expect(codeName('SOME_NEW_KIND')).toBe('Some new kind');
  });
});
