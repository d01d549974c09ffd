import { describe, expect, it } from 'vitest';
import { EcbFileError, parseEcbFile } from './ecb-file';
import { ECB_DAILY_XML } from './testing/ecb-samples';

const DAILY_CSV = `Date, USD, JPY, BGN, CZK, GBP, \n25 November 2026, 1.1572, 181.02, 1.9558, 24.213, 0.87865, \n`;
const HISTORY_CSV = `Date,USD,JPY,CYP,\n2026-11-25,1.1572,181.02,N/A,\n2026-11-24,1.1530,180.10,N/A,\n`;

describe('the ECB reference rate file', () => {
  it('reads the daily XML', () => {
    expect(parseEcbFile(ECB_DAILY_XML)).toEqual([
      { day: '2026-11-25', rates: { USD: '1.1572', JPY: '181.02', GBP: '0.87865' } },
    ]);
  });

  it('reads the daily CSV with its spaces and trailing comma', () => {
    expect(parseEcbFile(DAILY_CSV)).toEqual([
      {
        day: '2026-11-25',
        rates: { USD: '1.1572', JPY: '181.02', BGN: '1.9558', CZK: '24.213', GBP: '0.87865' },
      },
    ]);
  });

  it('reads the history CSV oldest first and leaves N/A out', () => {
    const days = parseEcbFile(HISTORY_CSV);
    expect(days.map((day) => day.day)).toEqual(['2026-11-24', '2026-11-25']);
    expect(days[1]?.rates).toEqual({ USD: '1.1572', JPY: '181.02' });
  });

  it('refuses a file that is not one', () => {
    expect(() => parseEcbFile('<html><body>Not found</body></html>')).toThrow(EcbFileError);
    expect(() => parseEcbFile('name,amount\nA,1\n')).toThrow(EcbFileError);
    expect(() => parseEcbFile('')).toThrow(EcbFileError);
  });

  it('refuses, as a file that is not one, whatever the CSV or XML reader cannot read', () => {
    // A zip (an .xlsx sent by mistake) decoded as text: the CSV reader meets a stray quote.
    const zip = Buffer.from('UEsDBAoAAAAIAMsoh12R28AJWQEAAPAEAAATAAAAW0NvbnRlbnRfVHlwZXNdLnhtbA==', 'base64');
    for (const text of [
      zip.toString('utf8'),
      'Date,USD\n"2026-11-25,1.1\n',
      'Date,"US"D\n1,2\n',
      '<a><b></a>',
    ])
      expect(() => parseEcbFile(text), text).toThrow(EcbFileError);
  });
});
