// Concurrent requests' reads of the same kind, merged into shared statements (the pattern of the
// ledger's transfer batcher, for reads). On this class of machine a statement's round trip costs
// the API and PostgreSQL more CPU than the statement itself (docs/benchmarks.md), so while a read
// is in flight, the reads that arrive queue up and leave together as one statement for all their
// keys. A lone read never waits: with nothing in flight it goes at once. Each read runs after its
// request arrived, so it sees every write committed before that; nothing is kept between reads.

type Waiting<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/** Reads the values of several keys in one statement; a key without a value is left out. */
export type LoadMany<K, V> = (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>;

export class ReadBatcher<K, V> {
  private readonly queue = new Map<K, Waiting<V>[]>();
  private inFlight = 0;

  /**
   * `maxInFlight` statements at once (each on a pooled connection of its own); at most `maxKeys`
   * keys in one statement.
   */
  constructor(
    private readonly load: LoadMany<K, V>,
    private readonly maxInFlight = 1,
    private readonly maxKeys = 64,
  ) {}

  read(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = this.queue.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.queue.set(key, [{ resolve, reject }]);
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.inFlight < this.maxInFlight && this.queue.size > 0) {
      const batch = new Map<K, Waiting<V>[]>();
      for (const [key, waiting] of this.queue) {
        if (batch.size >= this.maxKeys) break;
        batch.set(key, waiting);
      }
      for (const key of batch.keys()) this.queue.delete(key);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.dispatch();
      });
    }
  }

  private async send(batch: Map<K, Waiting<V>[]>): Promise<void> {
    try {
      const values = await this.load([...batch.keys()]);
      for (const [key, waiting] of batch) for (const one of waiting) one.resolve(values.get(key));
    } catch (error) {
      for (const waiting of batch.values()) for (const one of waiting) one.reject(error);
    }
  }
}
