// A small, lenient reader of PDF syntax (PDF 32000-1, 7.2 and 7.3): enough to see every
// dictionary a PDF viewer would see, never enough to render. Lenient because viewers are: a
// stray token is skipped, not a reason to stop looking. Bounded because the file is hostile:
// a token budget shared by the whole check and a nesting limit.

/** Why a PDF cannot be taken; file-structure.ts turns it into the refusal the client sees. */
export class PdfCheckFailure extends Error {
  constructor(readonly reason: 'active' | 'damaged' | 'uncheckable') {
    super(`PDF refused: ${reason}`);
  }
}

export type PdfValue =
  | number
  | { kind: 'name'; value: string }
  | { kind: 'string'; value: string }
  | { kind: 'keyword'; value: string }
  | { kind: 'ref'; num: number }
  | { kind: 'array'; items: PdfValue[] }
  | { kind: 'dict'; entries: [string, PdfValue][] };

type Token = { type: 'value'; value: PdfValue } | { type: '<<' | '>>' | '[' | ']' };

const MAX_DEPTH = 64;
/**
 * Keywords that end an object at its top level. Inside `<<` or `[` they are values, as viewers
 * read them: stopping there would let `<< /A obj /Type /ObjStm ... >> stream` hide a stream.
 */
const OBJECT_ENDS = new Set(['obj', 'endobj', 'stream', 'endstream', 'xref', 'trailer', 'startxref']);
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/** 1 for whitespace, 2 for a delimiter, by character code (7.2.2): the lexer's hot loop. */
const CHARACTER_CLASS = new Uint8Array(256);
for (const code of [0, 9, 10, 12, 13, 32]) CHARACTER_CLASS[code] = 1;
for (const char of '()<>[]{}/%') CHARACTER_CLASS[char.charCodeAt(0)] = 2;

function isWhitespace(code: number): boolean {
  return CHARACTER_CLASS[code] === 1;
}
function isDelimiter(code: number): boolean {
  return CHARACTER_CLASS[code] === 2;
}

/** `/J#61vaScript` is `/JavaScript` to a PDF reader (name escapes, 7.3.5). */
export function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

export class PdfLexer {
  constructor(
    private readonly text: string,
    public position: number,
    private readonly budget: { tokens: number },
  ) {}

  next(): Token | undefined {
    this.skipSpace();
    if (this.position >= this.text.length) return undefined;
    if (--this.budget.tokens < 0) throw new PdfCheckFailure('uncheckable');
    const text = this.text;
    const char = text[this.position] ?? '';
    const pair = text.slice(this.position, this.position + 2);
    if (pair === '<<' || pair === '>>') {
      this.position += 2;
      return { type: pair };
    }
    this.position++;
    if (char === '[' || char === ']') return { type: char };
    if (char === '/') return value({ kind: 'name', value: decodeName(this.regular()) });
    if (char === '(') return value({ kind: 'string', value: this.literalString() });
    if (char === '<') return value({ kind: 'string', value: this.hexString() });
    if (isDelimiter(char.charCodeAt(0))) return this.next(); // `)`, `>`, `{`, `}`: skipped
    this.position--;
    const word = this.regular();
    return value(NUMBER.test(word) ? Number(word) : { kind: 'keyword', value: word });
  }

  private skipSpace() {
    const text = this.text;
    while (this.position < text.length) {
      const code = text.charCodeAt(this.position);
      if (isWhitespace(code)) this.position++;
      else if (code === 37) {
        while (this.position < text.length && !'\r\n'.includes(text[this.position] ?? '\n')) this.position++;
      } else return;
    }
  }

  private regular(): string {
    const start = this.position;
    const text = this.text;
    while (this.position < text.length) {
      const code = text.charCodeAt(this.position);
      if (code < 256 && CHARACTER_CLASS[code] !== 0) break;
      this.position++;
    }
    this.charge(this.position - start);
    return text.slice(start, this.position);
  }

  /**
   * Balanced parentheses and backslash escapes (7.3.4.2); an unclosed string runs to the end.
   * Its end is found (and paid for) before anything is built from it.
   */
  private literalString(): string {
    const text = this.text;
    const start = this.position;
    let depth = 1;
    while (this.position < text.length) {
      const code = text.charCodeAt(this.position++);
      if (code === 92)
        this.position++; // a backslash: the next character is never a bracket
      else if (code === 40) depth++;
      else if (code === 41 && --depth === 0) break;
    }
    this.charge(this.position - start);
    const end = depth === 0 ? this.position - 1 : Math.min(this.position, text.length);
    return text.slice(start, end).replace(/\\([0-7]{1,3}|\r\n?|[\s\S])/g, (_match, escaped: string) => {
      if (/^[0-7]/.test(escaped)) return String.fromCharCode(Number.parseInt(escaped, 8) & 0xff);
      if (escaped.startsWith('\r') || escaped === '\n') return '';
      return ESCAPES[escaped] ?? escaped;
    });
  }

  /** Long strings cost like tokens, so reading a file from many starting points stays bounded. */
  private charge(characters: number) {
    this.budget.tokens -= Math.floor(characters / 16);
    if (this.budget.tokens < 0) throw new PdfCheckFailure('uncheckable');
  }

  private hexString(): string {
    const end = this.text.indexOf('>', this.position);
    const digits = this.text
      .slice(this.position, end < 0 ? this.text.length : end)
      .replace(/[^0-9A-Fa-f]/g, '');
    this.charge(digits.length);
    this.position = end < 0 ? this.text.length : end + 1;
    return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex').toString('latin1');
  }
}

function value(value: PdfValue): Token {
  return { type: 'value', value };
}

/** One value from the lexer's position; undefined at the end or at a top-level keyword that ends an object. */
export function parseValue(lexer: PdfLexer, depth = 0): PdfValue | undefined {
  const start = lexer.position;
  const token = lexer.next();
  if (!token) return undefined;
  if (token.type === 'value') {
    if (
      depth === 0 &&
      typeof token.value === 'object' &&
      token.value.kind === 'keyword' &&
      OBJECT_ENDS.has(token.value.value)
    ) {
      lexer.position = start;
      return undefined;
    }
    return token.value;
  }
  if (token.type === '[') return { kind: 'array', items: parseItems(lexer, ']', depth + 1) };
  if (token.type === '<<') return { kind: 'dict', entries: pairs(parseItems(lexer, '>>', depth + 1)) };
  return parseValue(lexer, depth); // a stray closing bracket
}

/** Items up to `close`; `n g R` becomes a reference. */
function parseItems(lexer: PdfLexer, close: ']' | '>>', depth: number): PdfValue[] {
  if (depth > MAX_DEPTH) throw new PdfCheckFailure('uncheckable');
  const items: PdfValue[] = [];
  for (;;) {
    const start = lexer.position;
    const token = lexer.next();
    if (!token || token.type === close) return items;
    if (token.type === ']' || token.type === '>>') continue;
    lexer.position = start;
    const item = parseValue(lexer, depth);
    if (item === undefined) return items;
    const [num, gen] = items.slice(-2);
    if (isKeyword(item, 'R') && typeof num === 'number' && typeof gen === 'number') {
      items.splice(-2, 2, { kind: 'ref', num });
    } else items.push(item);
  }
}

function pairs(items: PdfValue[]): [string, PdfValue][] {
  const entries: [string, PdfValue][] = [];
  for (let index = 0; index < items.length; index++) {
    const key = items[index];
    if (typeof key === 'object' && key.kind === 'name' && index + 1 < items.length) {
      entries.push([key.value, items[++index] as PdfValue]);
    }
  }
  return entries;
}

export function isKeyword(item: PdfValue | undefined, word: string): boolean {
  return typeof item === 'object' && item.kind === 'keyword' && item.value === word;
}

/** The last value of `key` in a dictionary, as a reader would take it. */
export function entry(dict: PdfValue | undefined, key: string): PdfValue | undefined {
  if (typeof dict !== 'object' || dict.kind !== 'dict') return undefined;
  return dict.entries.findLast(([name]) => name === key)?.[1];
}
