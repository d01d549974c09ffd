import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Mailbox, type Payer, pay } from './api-product';
import { apiProcesses, Balancer, startApis } from './drill-topology';
import { HttpClient, type PhaseResult, runPhase } from './http-load';

// bench:api's "balanced" workload: the payment through HAProxy in front of three API processes
// (the scale-out drill's topology, bench/drill-topology.ts) on the benchmark's database, against
// the same payment sent straight to the one process bench:api started. On a machine of two
// cores this shows what the balancer and the extra processes cost, not how far they scale.

export type Balanced = {
  /** One phase of payments through the balancer. */
  phase: (seconds: number) => Promise<PhaseResult>;
  close: () => Promise<void>;
};

/** Undefined when HAProxy is not installed: bench:api then runs without this workload. */
export async function startBalanced(
  databaseUrl: string,
  clients: number,
  mailbox: Mailbox,
  payers: readonly Payer[],
): Promise<Balanced | undefined> {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
  } catch {
    console.log('\nHAProxy is not installed: no "balanced" workload (apt-get install -y haproxy).');
    return undefined;
  }
  const folder = await mkdtemp(join(tmpdir(), 'bench-balanced-'));
  const apis = await apiProcesses(3, databaseUrl);
  let balancer: Balancer | undefined;
  let http: HttpClient | undefined;
  const close = async () => {
    http?.close();
    balancer?.stop();
    for (const api of apis) api.kill();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await startApis(apis);
    balancer = await Balancer.start(folder, apis);
    const client = new HttpClient(balancer.url, clients);
    http = client;
    const phase = (seconds: number) =>
      runPhase(seconds, clients, (worker) => pay(client, mailbox, payers[worker] as Payer));
    return { phase, close };
  } catch (error) {
    await close();
    throw error;
  }
}
