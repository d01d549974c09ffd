import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// CPU time (user and system) used by the API process and by the PostgreSQL server's processes,
// read from /proc, so a benchmark can say what one operation costs each side and not only how
// many ran. On a machine whose cores are all busy a ratio of throughputs is a ratio of CPU per
// operation, and this says whose CPU it is. Linux only.

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Seconds of CPU the process has used, or 0 once it has ended. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/** Seconds of CPU used so far by each process named `postgres` (the server's backends and workers). */
export function postgresCpuByPid(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        byPid.set(Number(entry), processCpuSeconds(Number(entry)));
    } catch {
      // The process ended while the list was read.
    }
  }
  return byPid;
}

export type CpuPerOperation = { serverUs: number; postgresUs: number };

/**
 * Starts measuring; `stop(operations)` answers the microseconds of CPU per operation. PostgreSQL's
 * is summed per process over those alive at the end (a backend started meanwhile counts whole;
 * one that ended meanwhile, such as a checkpoint's connection, is left out, so its time too).
 */
export function measureCpu(serverPid: number): { stop: (operations: number) => CpuPerOperation } {
  const server = processCpuSeconds(serverPid);
  const postgres = postgresCpuByPid();
  return {
    stop(operations) {
      const per = (seconds: number) => (operations > 0 ? (seconds / operations) * 1e6 : Number.NaN);
      let postgresSeconds = 0;
      for (const [pid, seconds] of postgresCpuByPid()) postgresSeconds += seconds - (postgres.get(pid) ?? 0);
      return { serverUs: per(processCpuSeconds(serverPid) - server), postgresUs: per(postgresSeconds) };
    },
  };
}
