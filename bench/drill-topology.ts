import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { demoServerEnv, freePort, listeningUrl } from '../e2e/production-server';
import { childPid } from './process-memory';

// The API processes and HAProxy in front of them, for the scale-out drill (bench/drill-scale.ts).

const repositoryRoot = join(import.meta.dirname, '..');

/** One API process as `npm start` runs it (scripts/start.mjs, which runs the server as its child). */
export class ApiProcess {
  private launcher: ChildProcess | undefined;
  constructor(
    readonly name: string,
    readonly port: number,
    private readonly databaseUrl: string,
  ) {}

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        ...demoServerEnv(this.port),
        DATABASE_URL: this.databaseUrl,
        ROLE: 'all',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.launcher = child;
    await listeningUrl(child, 300_000);
  }

  /** SIGKILL of the server itself (not its launcher): a crash, nothing drained. */
  crash(): void {
    const launcher = this.launcher;
    if (!launcher?.pid) return;
    launcher.removeAllListeners('exit');
    const server = childPid(launcher.pid);
    process.kill(server, 'SIGKILL');
  }

  /** Kills the launcher's whole process group; safe to call twice. */
  kill(): void {
    const pid = this.launcher?.pid;
    this.launcher = undefined;
    if (!pid) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

export async function apiProcesses(count: number, databaseUrl: string): Promise<ApiProcess[]> {
  const apis: ApiProcess[] = [];
  for (let index = 0; index < count; index++)
    apis.push(new ApiProcess(`api${index + 1}`, await freePort(), databaseUrl));
  return apis;
}

/** The first migrates and seeds the demo data; the others then start side by side. */
export async function startApis(apis: readonly ApiProcess[]): Promise<void> {
  await apis[0]?.start();
  await Promise.all(apis.slice(1).map((api) => api.start()));
}

/**
 * HAProxy: round robin over the processes whose /api/health/ready answers 200 (checked every
 * 500 ms, out after two failures). A request whose connection failed is retried on another
 * process; one that got no answer or a 502/503/504 is retried only when it is safe to send again:
 * a GET/HEAD, or a request with an Idempotency-Key, whose retry the API replays.
 */
export function haproxyConfig(port: number, apis: readonly ApiProcess[]): string {
  return `global
  maxconn 512

defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 30s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response 502 503 504

frontend drill
  bind 127.0.0.1:${port}
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1
  http-request disable-l7-retry if !METH_GET !{ req.hdr(idempotency-key) -m found }
${apis.map((api) => `  server ${api.name} 127.0.0.1:${api.port} check`).join('\n')}
`;
}

export class Balancer {
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
  ) {}

  static async start(folder: string, apis: readonly ApiProcess[]): Promise<Balancer> {
    const port = await freePort();
    const config = join(folder, 'haproxy.cfg');
    await writeFile(config, haproxyConfig(port, apis));
    execFileSync('haproxy', ['-c', '-q', '-f', config]);
    const child = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', () => undefined);
    const url = `http://127.0.0.1:${port}`;
    for (let attempt = 0; attempt < 100; attempt++) {
      const ready = await fetch(`${url}/api/health/ready`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ready) return new Balancer(url, child);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGKILL');
    throw new Error('HAProxy did not answer');
  }

  stop(): void {
    this.child.kill('SIGKILL');
  }
}

/** Installs HAProxy from the distribution's packages when it is missing (as root only). */
export function ensureHaproxy(): void {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
  } catch {
    if (process.getuid?.() !== 0) throw new Error('haproxy is missing: apt-get install -y haproxy');
    execFileSync('apt-get', ['install', '-y', 'haproxy'], { stdio: 'inherit' });
  }
}
