import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileStructureRefusal } from './file-structure';

// The check is synchronous and its file hostile: whatever the file, the work is bounded by
// one budget (a few passes over the file and its decoded object streams), and no shape of
// input reaches a recursion deeper than the nesting limit. Each file here is built to make
// a reader start again at every `obj` and scan to the end, or to recurse once per character.

const MIB = 1024 * 1024;
const pdf = (body: string) => Buffer.from(`%PDF-1.7\n${body}\ntrailer <</Root 1 0 R>>\n%%EOF\n`, 'latin1');
/** `head`, then `unit` repeated up to about 10 MiB: the largest upload. */
const tenMiB = (head: string, unit: string) =>
  pdf(head + unit.repeat(Math.floor((10 * MIB - head.length - 64) / unit.length)));
const UNCHECKABLE = {
  status: 422,
  code: 'file_rejected',
  message: expect.stringMatching(/cannot be checked/),
};
/** Linear work takes well under a second here; a reader that rescans took minutes to hours. */
const BOUND_MS = 5000;

function timedRefusal(file: Buffer) {
  const started = performance.now();
  const answer = fileStructureRefusal(file, 'application/pdf');
  return { answer, elapsedMs: performance.now() - started };
}

describe('PDF check: bounded work', () => {
  it.each([
    // Every `obj` starts a reader at a comment that runs to the end of the file.
    ['comments after each obj', tenMiB('obj%'.repeat(100_000), 'x')],
    ['a comment after every obj, to the end', tenMiB('', 'obj%')],
    // Every `obj` starts a hex string whose `>` never comes.
    ['hex strings without an end', tenMiB('obj<'.repeat(100_000), 'x')],
    ['comments and hex strings without an end, mixed', tenMiB('obj%obj<'.repeat(50_000), 'x')],
    ['unclosed literal strings', tenMiB('obj('.repeat(100_000), 'x')],
  ])('refuses %s as not checkable, quickly', (_name, file) => {
    const { answer, elapsedMs } = timedRefusal(file);
    expect(answer).toEqual(UNCHECKABLE);
    expect(elapsedMs).toBeLessThan(BOUND_MS);
  });

  it('pays for an object defined again and again each time it is followed', () => {
    const definitions = '9 0 obj [1 0 R /Fit] endobj\n'.repeat(50_000);
    const { answer, elapsedMs } = timedRefusal(
      pdf(definitions + '1 0 obj <</OpenAction 9 0 R>> endobj\n'.repeat(49_000)),
    );
    expect(answer).toEqual(UNCHECKABLE);
    expect(elapsedMs).toBeLessThan(BOUND_MS);
  });

  it('pays for an object stream whose header sends every object to the end of it', () => {
    const objects = `${'1 1000000 '.repeat(100_000).padEnd(1_000_000)}(${'x'.repeat(8 * MIB)}`;
    const data = deflateSync(Buffer.from(objects, 'latin1'), { level: 9 }).toString('latin1');
    const dictionary = `/Type /ObjStm /N 1 /First 0 /Filter /FlateDecode /Length ${data.length}`;
    const { answer, elapsedMs } = timedRefusal(
      pdf(`5 0 obj <<${dictionary}>>\nstream\n${data}\nendstream\nendobj`),
    );
    expect(answer).toEqual(UNCHECKABLE);
    expect(elapsedMs).toBeLessThan(BOUND_MS);
  });

  // Each would take minutes or gigabytes to a reader that starts again at every `obj` without
  // a budget: unclosed strings, streams without an end, one object defined again and again.
  it.each([
    ['unclosed strings', pdf('1 0 obj ('.repeat(1_000_000))],
    ['streams without an end', pdf('1 0 obj <<>> stream\n'.repeat(400_000))],
    ['object streams without an end', tenMiB('', '1 0 obj <</First 0>> stream\n')],
    ['one object defined 100,000 times', pdf('1 0 obj 1 endobj\n'.repeat(100_000))],
    ['unclosed dictionaries', pdf('1 0 obj << /A '.repeat(600_000))],
  ])('reads hostile structure in bounded time: %s', (_name, file) => {
    expect(timedRefusal(file).elapsedMs).toBeLessThan(BOUND_MS);
  });
});

describe('PDF check: no recursion on input', () => {
  it.each([
    ['stray closing brackets', ']'],
    ['stray closing parentheses', ')'],
    ['stray closing angle brackets', '>'],
    ['stray closing braces', '}'],
  ])('skips %s in a loop: a plain file with 200,000 of them passes', (_name, stray) => {
    const { answer } = timedRefusal(pdf(`1 0 obj ${stray.repeat(200_000)} endobj`));
    expect(answer).toBeUndefined();
  });

  it.each([
    ['brackets', ']'],
    ['double angle brackets', '>>'],
  ])('refuses 10 MiB of stray closing %s as not checkable, quickly', (_name, stray) => {
    const { answer, elapsedMs } = timedRefusal(tenMiB('1 0 obj ', stray));
    expect(answer).toEqual(UNCHECKABLE);
    expect(elapsedMs).toBeLessThan(BOUND_MS);
  });

  it('refuses a file nested deeper than the limit', () => {
    expect(timedRefusal(pdf(`1 0 obj ${'<<'.repeat(100_000)} endobj`)).answer).toEqual(UNCHECKABLE);
  });
});
