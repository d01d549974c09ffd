import { isUtf8 } from 'node:buffer';
import { parse } from 'csv-parse';
import { AppError } from '../../lib/app-error';
import { fileRefused } from './batch-errors';
import { loopPacer, type RawRow, RowCollector } from './file-rows';

// Reading an uploaded payment file into rows of text fields, before any row is checked
// (docs/requirements/batch-payments.md "Files"). Every refusal here is a 4xx for the whole file
// and nothing is stored: a file is never half-accepted.
export type { RawRow } from './file-rows';
export { readXlsx } from './xlsx-sheet';

// The CSV is parsed in 8 KB slices with a turn of the event loop every few milliseconds, so a
// large file never stalls other requests for long; each record is checked and reduced to its columns
// as it comes. A line longer than any honest row (ten full columns are under 1,300 characters)
// is refused before it is held whole.
const SLICE_BYTES = 8 * 1024;
const MAX_LINE_BYTES = 64 * 1024;

function csvRefused(error: unknown) {
  if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE')
    return fileRefused(
      `A line of the file is longer than ${MAX_LINE_BYTES.toLocaleString('en')} characters (is a quote left open?)`,
    );
  const reason = error instanceof Error ? error.message : 'unreadable';
  return fileRefused(`This is not a readable CSV file (${reason.slice(0, 160)})`);
}

export async function readCsv(content: Buffer): Promise<RawRow[]> {
  if (!isUtf8(content)) throw fileRefused('This is not a readable CSV file (it must be UTF-8 text)');
  const parser = parse({
    bom: true,
    delimiter: ',',
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: MAX_LINE_BYTES,
  });
  // A parse error marks the parser `errored` at once (read below); the event itself comes a tick
  // later and must find a listener.
  parser.on('error', () => undefined);
  const collector = new RowCollector();
  const pace = loopPacer();
  const drain = () => {
    for (let record = parser.read(); record !== null; record = parser.read()) collector.add(record);
  };
  const stopped = () => parser.destroyed || parser.errored !== null;
  let failure: unknown;
  try {
    for (let at = 0; at < content.length && !stopped(); at += SLICE_BYTES) {
      parser.write(content.subarray(at, at + SLICE_BYTES));
      drain();
      await pace();
    }
    if (!stopped()) {
      parser.end();
      for await (const record of parser) collector.add(record);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    failure = error;
  } finally {
    parser.destroy();
  }
  const problem = failure ?? parser.errored;
  if (problem) throw csvRefused(problem);
  return collector.finish();
}
