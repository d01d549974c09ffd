// A small, lenient reader of PDF syntax (PDF 32000-1, 7.2 and 7.3): enough to see every
// dictionary a PDF viewer would see, never enough to render. Lenient because viewers are: a
// stray token is skipped, not a reason to stop looking. Bounded because the file is hostile:
// one budget for the whole check (every character any lexer scans, every token, every decoded
// byte) and a nesting limit. Nothing here recurses on input except nesting, which is bounded.

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

/**
 * What the whole check may still do. Every lexer (one per `obj`, some starting inside another's
 * span) pays for each character it passes, comments and the span of an unclosed string
 * included, so reading a file from many starting points costs at most this, not their sum.
 */
export type Budget = { characters: number; tokens: number; bytes: number };

export function spend(budget: Budget, characters: number) {
  budget.characters -= characters;
  if (budget.characters < 0) throw new PdfCheckFailure('uncheckable');
}

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
/** The value of a hex digit by character code, 16 for anything else. */
const HEX_VALUE = new Uint8Array(256).fill(16);
for (const [index, char] of [...'0123456789abcdef'].entries()) {
  HEX_VALUE[char.charCodeAt(0)] = index;
  HEX_VALUE[char.toUpperCase().charCodeAt(0)] = index;
}

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
  public position: number;
  constructor(
    private readonly text: string,
    position: number,
    private readonly budget: Budget,
  ) {
    // An offset from a hostile header may be negative or fractional: it points at nothing.
    this.position = Number.isSafeInteger(position) && position >= 0 ? position : text.length;
  }

  next(): Token | undefined {
    const start = this.position;
    const token = this.read();
    spend(this.budget, this.position - start + 1);
    return token;
  }

  private read(): Token | undefined {
    const text = this.text;
    for (;;) {
      this.skipSpace();
      if (this.position >= text.length) return undefined;
      const char = text[this.position] ?? '';
      // `)`, `>`, `{`, `}` out of place: skipped, in a loop, however many there are.
      if (isDelimiter(char.charCodeAt(0)) && !'<>[]/('.includes(char)) {
        this.position++;
        continue;
      }
      if (char === '>' && text[this.position + 1] !== '>') {
        this.position++;
        continue;
      }
      if (--this.budget.tokens < 0) throw new PdfCheckFailure('uncheckable');
      return this.token(char);
    }
  }

  private token(char: string): Token {
    const pair = this.text.slice(this.position, this.position + 2);
    if (pair === '<<' || pair === '>>') {
      this.position += 2;
      return { type: pair };
    }
    this.position++;
    if (char === '[' || char === ']') return { type: char };
    if (char === '/') return value({ kind: 'name', value: decodeName(this.regular()) });
    if (char === '(') return value({ kind: 'string', value: this.literalString() });
    if (char === '<') return value({ kind: 'string', value: this.hexString() });
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
        let at = this.position;
        for (let next = text.charCodeAt(at); at < text.length && next !== 10 && next !== 13; )
          next = text.charCodeAt(++at);
        this.position = at;
      } else return;
    }
  }

  /** A string's span, found before anything is built from it: refused if the budget cannot pay it. */
  private afford(characters: number) {
    if (characters > this.budget.characters) throw new PdfCheckFailure('uncheckable');
  }

  private regular(): string {
    const start = this.position;
    const text = this.text;
    while (this.position < text.length) {
      const code = text.charCodeAt(this.position);
      if (code < 256 && CHARACTER_CLASS[code] !== 0) break;
      this.position++;
    }
    return text.slice(start, this.position);
  }

  /**
   * Balanced parentheses and backslash escapes (7.3.4.2); an unclosed string runs to the end.
   * Its end is found before anything is built from it; next() pays for the whole span.
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
    const end = depth === 0 ? this.position - 1 : Math.min(this.position, text.length);
    this.afford(end - start);
    return text.slice(start, end).replace(/\\([0-7]{1,3}|\r\n?|[\s\S])/g, (_match, escaped: string) => {
      if (/^[0-7]/.test(escaped)) return String.fromCharCode(Number.parseInt(escaped, 8) & 0xff);
      if (escaped.startsWith('\r') || escaped === '\n') return '';
      return ESCAPES[escaped] ?? escaped;
    });
  }

  /** Hex digits up to `>`; anything else in between is skipped, as readers do (7.3.4.3). */
  private hexString(): string {
    const text = this.text;
    const found = text.indexOf('>', this.position);
    const end = found < 0 ? text.length : found;
    this.afford(end - this.position);
    const bytes = Buffer.alloc((end - this.position + 1) >> 1);
    let length = 0;
    let high = -1; // a first digit waiting for its second; a lone last one is followed by 0
    for (let at = this.position; at < end; at++) {
      const nibble = HEX_VALUE[text.charCodeAt(at)] ?? 16;
      if (nibble === 16) continue;
      if (high < 0) high = nibble;
      else {
        bytes[length++] = (high << 4) | nibble;
        high = -1;
      }
    }
    if (high >= 0) bytes[length++] = high << 4;
    this.position = found < 0 ? end : end + 1;
    return bytes.toString('latin1', 0, length);
  }
}

function value(value: PdfValue): Token {
  return { type: 'value', value };
}

/** One value from the lexer's position; undefined at the end or at a top-level keyword that ends an object. */
export function parseValue(lexer: PdfLexer, depth = 0): PdfValue | undefined {
  for (;;) {
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
    // A stray closing bracket: skipped, and the loop reads on.
  }
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
