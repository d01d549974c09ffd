import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

// A stand-in for Sentry or GlitchTip: an HTTP server that takes the SDK's envelope POSTs and
// keeps what they held, so a test reads exactly the bytes that would have left the bank.
export type ReceivedEvent = { raw: string; event: Record<string, unknown> };

export type FakeErrorCollector = {
  /** A DSN that points the SDK at this collector. */
  dsn: string;
  /** Every envelope body received so far, as text. */
  envelopes: string[];
  events(): ReceivedEvent[];
  close(): Promise<void>;
};

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  return (request.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
}

// An envelope is newline-separated JSON: its header, then a header and a payload per item.
function eventsIn(envelope: string): ReceivedEvent[] {
  const lines = envelope.split('\n');
  const found: ReceivedEvent[] = [];
  for (let index = 1; index + 1 < lines.length; index += 2) {
    const header = JSON.parse(lines[index] ?? '{}') as { type?: string };
    const payload = lines[index + 1] ?? '';
    if (header.type === 'event') found.push({ raw: payload, event: JSON.parse(payload) });
  }
  return found;
}

export async function startFakeErrorCollector(): Promise<FakeErrorCollector> {
  const envelopes: string[] = [];
  const server = createServer(async (request, response) => {
    if (request.method === 'POST' && request.url?.startsWith('/api/1/envelope/')) {
      envelopes.push(await bodyOf(request));
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://0123456789abcdef@127.0.0.1:${port}/1`,
    envelopes,
    events: () => envelopes.flatMap(eventsIn),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
