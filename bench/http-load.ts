import { spawn } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { listeningUrl, stopServer } from '../e2e/production-server';

// A small keep-alive HTTP client and a closed-loop load runner for bench/api.ts. node:http
// with a keep-alive agent costs the client far less CPU than fetch, which matters on a machine
// where the client, the server and PostgreSQL share the cores.

export type Answer = { status: number; body: string };

export class HttpClient {
  private readonly agent: http.Agent;
  private readonly base: URL;

  constructor(baseUrl: string, sockets: number) {
    this.base = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  }

  request(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          agent: this.agent,
          host: this.base.hostname,
          port: this.base.port,
          method,
          path,
          headers: {
            ...headers,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  async json<T>(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
    const answer = await this.request(method, path, headers, body);
    if (answer.status >= 300)
      throw new Error(`${method} ${path}: ${answer.status} ${answer.body.slice(0, 300)}`);
    return JSON.parse(answer.body) as T;
  }

  close(): void {
    this.agent.destroy();
  }
}

export type PhaseResult = { perSecond: number; latencies: number[] };

/**
 * `concurrency` workers each run `operation` back to back for `seconds`; answers completed
 * operations per second and each operation's latency in milliseconds. A failed operation
 * stops the phase: a benchmark that counts errors as speed would flatter the product.
 */
export async function runPhase(
  seconds: number,
  concurrency: number,
  operation: (worker: number) => Promise<void>,
): Promise<PhaseResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  const worker = async (index: number) => {
    while (performance.now() < end) {
      const before = performance.now();
      await operation(index);
      latencies.push(performance.now() - before);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: latencies.length / elapsed, latencies };
}

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

/** The bare node:http server (bench/bare-server.mjs) in its own process, answering `size` bytes. */
export async function startBareServer(size: number): Promise<{ url: string; close: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'bare-server.mjs')], {
    env: { ...process.env, BARE_SIZE: String(size) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { url: await listeningUrl(child, 60_000), close: () => stopServer(child) };
}
