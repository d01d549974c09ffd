import { describe, expect, it } from 'vitest';
import { recoveryCodesFileName, recoveryCodesText } from './recovery-codes-file';

describe('the recovery codes file', () => {
  it('holds the heading, one code a line, then the note', () => {
    const text = recoveryCodesText(['7KQ4M-X2P9D', 'AB12C-DE34F'], {
      heading: 'Recovery codes for ada@example.test',
      note: 'Each code works once.',
    });
    expect(text).toBe(
      'Recovery codes for ada@example.test\n\n7KQ4M-X2P9D\nAB12C-DE34F\n\nEach code works once.\n',
    );
  });

  it('is named after the brand, in letters and digits only', () => {
    expect(recoveryCodesFileName('Bluepeak Money')).toBe('bluepeak-money-recovery-codes.txt');
    expect(recoveryCodesFileName(' Zürich & Co. ')).toBe('z-rich-co-recovery-codes.txt');
    expect(recoveryCodesFileName('***')).toBe('bank-recovery-codes.txt');
  });
});
