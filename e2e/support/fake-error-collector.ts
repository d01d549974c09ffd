import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for Sentry or GlitchTip on this machine: it keeps every envelope the browser SDK
// posts, and answers with the CORS header a real collector sends, as a browser needs to see.
export type FakeErrorCollector = {
  dsn: string;
  envelopes: string[];
  /** The events (not other envelope items) received so far, each as the JSON text that arrived. */
  events(): string[];
  close(): Promise<void>;
};

export async function startFakeErrorCollector(): Promise<FakeErrorCollector> {
  const envelopes: string[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST') envelopes.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // Items come in pairs after the envelope's header line: the item's header, then its payload.
  const events = () =>
    envelopes.flatMap((envelope) => {
      const lines = envelope.split('\n');
      return lines.filter((_line, index) => index > 1 && lines[index - 1]?.includes('"type":"event"'));
    });
  return {
    dsn: `http://0123456789abcdef@127.0.0.1:${port}/1`,
    envelopes,
    events,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
