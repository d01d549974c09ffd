import { DEMO_CLIENTS, eurAccount, logIn, Mailbox, type Payer, pay, startProduct } from './api-product';
import { checkpoint, interleave, recreateDatabase } from './bench-support';
import { HttpClient, runPhase } from './http-load';

// The product's side of `npm run bench:exchange`: over real HTTP, as `npm start` runs it, an
// exchange (quote, then confirm with an Idempotency-Key) against an internal payment (create, the
// e-mailed code, confirm), 8 callers each, interleaved A B A B. Both demo clients take part.

type Caller = Payer & { gbp: string };
let keys = 0;

export async function gbpAccount(http: HttpClient, token: string): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const groups = await http.json<{
    data: { accounts: { data: { id: string; currency: { code: string } }[] } }[];
  }>('GET', '/api/client/accounts', auth);
  const held = groups.data
    .flatMap((group) => group.accounts.data)
    .find((account) => account.currency.code === 'GBP');
  if (held) return held.id;
  const opened = await http.json<{ data: { id: string } }>(
    'POST',
    '/api/client/accounts',
    { ...auth, 'idempotency-key': `bench-gbp-${Date.now()}` },
    { currency: 'GBP' },
  );
  return opened.data.id;
}

async function exchange(http: HttpClient, caller: Caller): Promise<void> {
  const auth = { authorization: `Bearer ${caller.token}` };
  const quoted = await http.json<{ data: { id: string } }>('POST', '/api/client/exchanges/quote', auth, {
    from_account_id: caller.from.id,
    to_account_id: caller.gbp,
    sell_amount: 100,
  });
  const key = `bench-x-${process.pid}-${keys++}`;
  const answer = await http.request('POST', `/api/client/exchanges/${quoted.data.id}/confirm`, {
    ...auth,
    'idempotency-key': key,
  });
  if (answer.status !== 200) throw new Error(`confirm: ${answer.status} ${answer.body}`);
}

export async function compareOverHttp(serverUrl: string, callers: number, seconds: number, pairs: number) {
  const url = await recreateDatabase(serverUrl, 'bench_exchange_api');
  const product = await startProduct(url);
  const http = new HttpClient(product.url, callers);
  const mailbox = Mailbox.open(url);
  try {
    const tokens: string[] = [];
    for (let worker = 0; worker < callers; worker++)
      tokens.push(await logIn(http, mailbox, DEMO_CLIENTS[worker % 2] as string));
    const eur = [await eurAccount(http, tokens[0] as string), await eurAccount(http, tokens[1] as string)];
    const gbp = [await gbpAccount(http, tokens[0] as string), await gbpAccount(http, tokens[1] as string)];
    const all: Caller[] = tokens.map((token, worker) => ({
      worker,
      email: DEMO_CLIENTS[worker % 2] as string,
      token,
      from: eur[worker % 2] as Caller['from'],
      to: eur[(worker + 1) % 2] as Caller['to'],
      gbp: gbp[worker % 2] as string,
    }));
    const exchanges = (worker: number) => exchange(http, all[worker] as Caller);
    const payments = (worker: number) => pay(http, mailbox, all[worker] as Caller);
    await runPhase(1, callers, exchanges);
    await runPhase(1, callers, payments);
    const rates = { exchanges: [] as number[], payments: [] as number[] };
    const result = await interleave(
      'over HTTP: exchange (quote + confirm) vs internal payment (create + code + confirm)',
      pairs,
      async () => {
        await checkpoint(serverUrl);
        const rate = (await runPhase(seconds, callers, exchanges)).perSecond;
        rates.exchanges.push(rate);
        return rate;
      },
      async () => {
        await checkpoint(serverUrl);
        const rate = (await runPhase(seconds, callers, payments)).perSecond;
        rates.payments.push(rate);
        return rate;
      },
    );
    return { ratio: result.ratio, ...rates };
  } finally {
    http.close();
    await mailbox.close();
    await product.stop();
  }
}
