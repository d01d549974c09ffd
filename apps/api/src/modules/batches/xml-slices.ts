import { SaxesParser } from 'saxes';
import { fileRefused } from './batch-errors';
import { loopPacer } from './file-rows';

// The parts of an .xlsx are XML read by a streaming (SAX) parser, so memory follows the part's
// size, never its shape. They are fed in 8 KB slices, with a turn of the event loop every few
// milliseconds: a ten-megabyte sheet takes a while but stalls other requests only a few
// milliseconds at a time. A document type declaration is refused (no entity is ever defined, so none can point
// outside or multiply: no XXE, no billion laughs); saxes expands only the five XML entities
// and character references, and refuses any other. Deep nesting is refused too: no part of a
// sheet nests deeper than a handful of elements.
export type XmlHandlers = {
  open(name: string, attributes: Record<string, string>): void;
  text(text: string): void;
  close(name: string): void;
};

const SLICE_BYTES = 8 * 1024;
const MAX_DEPTH = 32;

export const unreadableXlsx = () => fileRefused('This is not a readable Excel (.xlsx) file');

/** `x:row` and `row` are the same element to a reader that does not track namespaces. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function parserFor(handlers: XmlHandlers): SaxesParser {
  const parser = new SaxesParser();
  let depth = 0;
  parser.on('doctype', () => {
    throw fileRefused('Document type declarations are not accepted');
  });
  parser.on('error', () => {
    throw unreadableXlsx();
  });
  parser.on('opentag', (tag) => {
    depth += 1;
    if (depth > MAX_DEPTH) throw unreadableXlsx();
    handlers.open(localName(tag.name), tag.attributes);
  });
  parser.on('closetag', (tag) => {
    depth -= 1;
    handlers.close(localName(tag.name));
  });
  parser.on('text', handlers.text);
  parser.on('cdata', handlers.text);
  return parser;
}

/** Reads one part; the UTF-8 is decoded strictly (a bad byte refuses the file). */
export async function parseXmlInSlices(xml: Buffer, handlers: XmlHandlers): Promise<void> {
  const parser = parserFor(handlers);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes?: Buffer) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw unreadableXlsx();
    }
  };
  const pace = loopPacer();
  for (let at = 0; at < xml.length; at += SLICE_BYTES) {
    parser.write(decode(xml.subarray(at, at + SLICE_BYTES)));
    await pace();
  }
  parser.write(decode());
  parser.close();
}
