import type pg from 'pg';

// A connection of its own that LISTENs on `<channel> <schema>` (WriteWatcher, database.ts), the
// schema being the one the connection works in, as the triggers that send it name theirs. A pooled
// connection cannot listen: it is handed to other work. Lost, it is opened again after a pause;
// `heard(false)` says so at once, and `heard(true)` once it listens again (what was sent
// meanwhile is lost, so the listener must assume anything changed).
export function listenOnPostgres(
  open: () => pg.Client,
  channel: string,
  handlers: { notified(): void; heard(heard: boolean): void },
  retryMs = 1_000,
): () => Promise<void> {
  let current: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const start = async () => {
    if (stopped) return;
    const client = open();
    current = client;
    const lost = () => {
      if (current !== client) return;
      current = undefined;
      handlers.heard(false);
      client.end().catch(() => {});
      if (stopped) return;
      timer = setTimeout(() => void start(), retryMs);
      timer.unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    let heard = '';
    client.on('notification', (message) => {
      if (message.channel === heard) handlers.notified();
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('SELECT current_schema() AS schema');
      heard = `${channel} ${rows[0]?.schema ?? 'public'}`;
      await client.query(`LISTEN ${client.escapeIdentifier(heard)}`);
      if (current === client) handlers.heard(true);
    } catch {
      lost();
    }
  };
  void start();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = undefined;
    handlers.heard(false);
    await client?.end().catch(() => {});
  };
}
