import { describe, expect, it } from 'vitest';
import { findDuplicateKey, parseJsonStrict } from './parse-json-strict';

describe('parseJsonStrict', () => {
  it('parses ordinary JSON', () => {
    expect(parseJsonStrict('{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}')).toEqual({
      a: 1,
      b: { a: 2 },
      c: [{ a: 3 }, { a: 4 }],
    });
  });

  it('refuses duplicate keys, also when escaped differently', () => {
    expect(() => parseJsonStrict('{"amount":1,"amount":1000}')).toThrow(/Duplicate key/);
    expect(findDuplicateKey('{"a":1,"\\u0061":2}')).toBe('a');
    expect(findDuplicateKey('{"x":{"a":1,"a":2}}')).toBe('a');
    expect(findDuplicateKey('{"a":"a","b":"\\"a\\":"}')).toBeUndefined();
  });

  it('refuses prototype pollution keys and malformed JSON', () => {
    expect(() => parseJsonStrict('{"__proto__":{"admin":true}}')).toThrow(/forbidden/);
    expect(() => parseJsonStrict('{"constructor":{"prototype":{"x":1}}}')).toThrow(/forbidden/);
    expect(() => parseJsonStrict('{"a":')).toThrow(/not valid JSON/);
  });
});
