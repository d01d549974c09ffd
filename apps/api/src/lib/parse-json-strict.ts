import secureJson from 'secure-json-parse';

// JSON.parse keeps the last of duplicate keys and makes `__proto__` an own key
// (RELIABILITY.md, bad inputs 3 and 4). A body that says two things at once is refused, and
// so is one that tries to reach an object's prototype.
export class StrictJsonError extends SyntaxError {
  constructor(
    message: string,
    readonly code: 'malformed_json' | 'duplicate_key' | 'forbidden_key',
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
  return value;
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
