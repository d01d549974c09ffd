import type { FieldError } from '@bluepeak/core';

// PostgreSQL cannot store NUL in text, and a lone UTF-16 surrogate cannot be encoded as UTF-8,
// so either one reaching the database is an error there rather than a refusal here
// (docs/architecture.md, "A request"). Every string of a request (body, query, path) is walked once,
// at the edge, before any schema sees it: no route can forget. The walk is iterative, and a
// document nested deeper than any form of the API is refused, so deep nesting cannot exhaust
// the stack of the walk or of a later step. Binary bodies (a file upload) are skipped.
export const MAX_NESTING_DEPTH = 32;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function unsafeTextProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'Text must not contain a NUL character';
  if (LONE_SURROGATE.test(text)) return 'Text must be valid Unicode (no lone surrogates)';
  return undefined;
}

/** The first unsafe string (or key) in `value`, with its path under `root`, or none. */
export function findUnsafeText(value: unknown, root: string): FieldError | undefined {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value, path: [root], depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    const field = item.path.join('.');
    if (typeof item.value === 'string') {
      const message = unsafeTextProblem(item.value);
      if (message) return { field, code: 'invalid_text', message };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    // Bytes (an uploaded file's multipart body) are not text: each reader checks its own file.
    // Walked as an object, a 10 MB file would become ten million entries held at once.
    if (ArrayBuffer.isView(item.value) || item.value instanceof ArrayBuffer) continue;
    if (item.depth >= MAX_NESTING_DEPTH) {
      return { field, code: 'too_deep', message: 'The request is nested too deeply' };
    }
    for (const [key, child] of Object.entries(item.value)) {
      const message = unsafeTextProblem(key);
      if (message) return { field, code: 'invalid_text', message };
      stack.push({ value: child, path: [...item.path, key], depth: item.depth + 1 });
    }
  }
  return undefined;
}
