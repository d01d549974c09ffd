import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

// The resident memory of the API process a benchmark started (`startProduct`), read by the
// kernel and not by the process itself: VmRSS is what it holds now, VmHWM the most it has held
// since the last reset. Writing 5 to /proc/<pid>/clear_refs resets VmHWM, so each phase's peak
// is exact, with no sampling interval to miss a short spike in. Linux only.

const MB = 1024;

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match?.[1]) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]);
}

/** The one child process of `parentPid` (the server `npm start`'s launcher runs), once it is there. */
export function childPid(parentPid: number): number {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command's name (which may hold spaces) start with the state, then the parent.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === parentPid) children.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  if (children.length !== 1) throw new Error(`process ${parentPid} has ${children.length} children, not one`);
  return children[0] as number;
}

/** Peaks of one process's resident memory, overall and per named phase, in MB. */
export class ProcessMemory {
  readonly phases: Record<string, number> = {};
  private overallKb = 0;

  constructor(readonly pid: number) {}

  /** Resident memory now. */
  nowMb(): number {
    return Math.round(statusKb(this.pid, 'VmRSS') / MB);
  }

  /** Starts a phase: the kernel's high-water mark starts again from what the process holds now. */
  startPhase(): void {
    this.overallKb = Math.max(this.overallKb, statusKb(this.pid, 'VmHWM'));
    writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
  }

  /** Ends a phase: its peak, kept under `name` and returned. */
  endPhase(name: string): number {
    const peakKb = statusKb(this.pid, 'VmHWM');
    this.overallKb = Math.max(this.overallKb, peakKb);
    this.phases[name] = Math.round(peakKb / MB);
    return this.phases[name];
  }

  /** The peak over the process's life so far (every reset included). */
  peakMb(): number {
    return Math.round(Math.max(this.overallKb, statusKb(this.pid, 'VmHWM')) / MB);
  }
}
