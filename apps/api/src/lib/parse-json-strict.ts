import secureJson from 'secure-json-parse';

// JSON.parse keeps the last of duplicate keys and makes `__proto__` an own key
// (docs/reliability.md, bad inputs 3 and 4). A body that says two things at once is refused, and
// so is one that tries to reach an object's prototype. JSON.parse also turns `1e3` into 1000
// and `1.0` into 1, so an integer schema alone cannot see them (bad input 5): a whole number
// written with an exponent or a fraction part is refused here, where the raw text still exists.
export class StrictJsonError extends SyntaxError {
  constructor(
    message: string,
    readonly code: 'malformed_json' | 'duplicate_key' | 'forbidden_key' | 'number_format',
  ) {
    super(message);
    this.name = 'StrictJsonError';
  }
}

export function parseJsonStrict(text: string): unknown {
  let value: unknown;
  try {
    value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    const forbidden = error instanceof Error && /prototype|constructor/i.test(error.message);
    throw forbidden
      ? new StrictJsonError('Request body contains a forbidden key', 'forbidden_key')
      : new StrictJsonError('Request body is not valid JSON', 'malformed_json');
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined)
    throw new StrictJsonError(`Duplicate key in request body: ${duplicate}`, 'duplicate_key');
  const disguised = findDisguisedInteger(text);
  if (disguised !== undefined)
    throw new StrictJsonError(
      `Numbers must be written as plain integers, without an exponent or a fraction part: ${disguised.slice(0, 40)}`,
      'number_format',
    );
  return value;
}

// A JSON number token (RFC 8259 section 6), matched where the scan stands.
const NUMBER_TOKEN = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/**
 * Scans text that is already known to be valid JSON; returns the first number token that has
 * an exponent (`1e3`, `1E2`) or that is a whole number with a fraction part (`1.0`, `100.00`).
 * No field of the API takes a fraction, and a real one (`10.5`) is left for the schema, which
 * names the field. Text inside strings is skipped.
 */
export function findDisguisedInteger(text: string): string | undefined {
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? '';
    if (char === '"') {
      index = endOfString(text, index);
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      NUMBER_TOKEN.lastIndex = index;
      const token = NUMBER_TOKEN.exec(text)?.[0] ?? char;
      const exponent = /[eE]/.test(token);
      if (exponent || (token.includes('.') && Number.isInteger(Number(token)))) return token;
      index += token.length - 1;
    }
  }
  return undefined;
}

/** Scans text that is already known to be valid JSON; returns the first key repeated within one object. */
export function findDuplicateKey(text: string): string | undefined {
  const stack: (Set<string> | null)[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '{') stack.push(new Set());
    else if (char === '[') stack.push(null);
    else if (char === '}' || char === ']') stack.pop();
    else if (char === '"') {
      const end = endOfString(text, index);
      const keys = stack.at(-1);
      if (keys && nextNonSpace(text, end + 1) === ':') {
        const key = JSON.parse(text.slice(index, end + 1)) as string;
        if (keys.has(key)) return key;
        keys.add(key);
      }
      index = end;
    }
  }
  return undefined;
}

function endOfString(text: string, start: number): number {
  let index = start + 1;
  while (text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
  return index;
}

function nextNonSpace(text: string, start: number): string | undefined {
  let index = start;
  while (index < text.length && /\s/.test(text[index] ?? '')) index++;
  return text[index];
}
