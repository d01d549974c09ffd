// Small pieces every statement format shares: the date forms, and the queue a library's output
// stream is drained through, so the HTTP response pulls the file as fast as the client reads it
// and never faster (docs/requirements/statements.md). Amounts go through core's formatMinorUnits.

/** DD-MM-YYYY in UTC, as the PDF prints dates. */
export function dayMonthYear(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

/** YYYY-MM-DD in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Chunks an event-emitting writer produced, waiting to be yielded to the response. */
export class ChunkQueue {
  private chunks: Buffer[] = [];
  private ended = false;
  private failure: unknown;
  private wake: (() => void) | undefined;

  push = (chunk: Buffer | string): void => {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    this.signal();
  };

  end = (): void => {
    this.ended = true;
    this.signal();
  };

  fail = (error: unknown): void => {
    this.failure = error ?? new Error('statement writer failed');
    this.signal();
  };

  /** Everything queued so far, and nothing else. */
  *take(): Generator<Buffer> {
    if (this.failure) throw this.failure;
    while (this.chunks.length > 0) yield this.chunks.shift() as Buffer;
  }

  /** Everything until the writer ends. */
  async *rest(): AsyncGenerator<Buffer> {
    for (;;) {
      yield* this.take();
      if (this.ended) {
        yield* this.take();
        return;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  private signal() {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
