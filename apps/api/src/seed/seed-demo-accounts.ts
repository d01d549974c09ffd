import type { Queryable } from '../db/database';
import { findAccountGroupOfClient, listClientAccountRows } from '../modules/accounts';
import { markMonthRun, monthOf } from '../modules/fees';
import type { Rail } from '../modules/ledger/index';
import { notifyClient } from '../modules/notifications';
import { recordMonthlyStatements } from '../modules/statements';
import { bookIncoming, bookMonthlyFee, bookOutgoing, type DemoEvent } from './seed-demo-bookings';

// Demo history for the approved demo clients (docs/requirements/api-contract.md: "EUR and GBP
// balances and history"): four months of incoming payments, outgoing payments with their fees and
// monthly account fees, all booked through the ledger's own functions with the ledger's clock set
// to each event's date, so statements and running balances read like a real account's. The demo
// clients' groups and accounts were opened by their approval (seed step 'demo clients and
// operators').

type Template = {
  day: number;
  kind: 'incoming' | 'outgoing';
  currency: string;
  amount: number;
  party: string;
};

const MONTHS_OF_HISTORY = 4;

const PRIVATE_MONTH: Template[] = [
  { day: 1, kind: 'incoming', currency: 'EUR', amount: 320_000, party: 'Contoso GmbH' },
  { day: 3, kind: 'outgoing', currency: 'EUR', amount: 115_000, party: 'Lindenhof Immobilien' },
  { day: 9, kind: 'incoming', currency: 'GBP', amount: 150_000, party: 'Jordan Smith' },
  { day: 12, kind: 'outgoing', currency: 'GBP', amount: 42_050, party: 'Thames Water' },
  { day: 18, kind: 'outgoing', currency: 'EUR', amount: 23_999, party: 'Fahrradladen Berlin' },
  { day: 24, kind: 'incoming', currency: 'EUR', amount: 4_560, party: 'Fahrradladen Berlin' },
];

const BUSINESS_MONTH: Template[] = [
  { day: 2, kind: 'incoming', currency: 'EUR', amount: 1_250_000, party: 'Contoso GmbH' },
  { day: 5, kind: 'incoming', currency: 'GBP', amount: 430_000, party: 'Tailspin Toys Ltd' },
  { day: 8, kind: 'outgoing', currency: 'EUR', amount: 620_000, party: 'Fabrikam SARL' },
  { day: 15, kind: 'outgoing', currency: 'GBP', amount: 215_000, party: 'Northwind payroll' },
  { day: 21, kind: 'incoming', currency: 'EUR', amount: 873_040, party: 'Adventure Works BV' },
  { day: 27, kind: 'outgoing', currency: 'EUR', amount: 98_765, party: 'Litware Logistics' },
];

const RAIL: Record<string, Rail> = { EUR: 'sepa', GBP: 'faster_pay' };

/** The first day of the month `monthsBack` months before `now`, at 09:00 UTC, plus `day - 1` days. */
function dayOf(now: Date, monthsBack: number, day: number, hour = 9): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, day, hour, 0, 0));
}

function demoEvents(now: Date): DemoEvent[] {
  const events: DemoEvent[] = [];
  const clients = [
    { email: 'private@demo.test', month: PRIVATE_MONTH, hour: 9 },
    { email: 'business@demo.test', month: BUSINESS_MONTH, hour: 11 },
  ];
  for (let monthsBack = MONTHS_OF_HISTORY; monthsBack >= 1; monthsBack--) {
    for (const client of clients) {
      for (const [index, template] of client.month.entries()) {
        // Amounts vary a little from month to month, as real ones do.
        const amount = template.amount + (monthsBack - 1) * (index + 1) * 137;
        const at = dayOf(now, monthsBack, template.day, client.hour);
        const rail = RAIL[template.currency] ?? 'swift';
        const common = { at, email: client.email, currency: template.currency, amount, rail };
        events.push(
          template.kind === 'incoming'
            ? { ...common, kind: 'incoming', payer: template.party }
            : { ...common, kind: 'outgoing', payee: template.party },
        );
      }
      // The monthly account fee falls due on the last day of each month of history.
      events.push({ at: dayOf(now, monthsBack - 1, 0, 18), kind: 'monthly_fee', email: client.email });
    }
  }
  // One ledger clock: events are booked in time order, whichever client they belong to.
  return events.filter((event) => event.at < now).sort((a, b) => a.at.getTime() - b.at.getTime());
}

async function demoClient(tx: Queryable, email: string) {
  const [client] = await tx.query<{ id: string; country: string }>(
    'SELECT id, country FROM clients WHERE lower(email) = $1',
    [email],
  );
  if (!client) throw new Error(`demo client ${email} is missing`);
  const group = await findAccountGroupOfClient(tx, client.id);
  if (!group) throw new Error(`demo client ${email} has no account group`);
  return { ...client, group };
}

export async function seedDemoAccounts(tx: Queryable, now = new Date()): Promise<void> {
  const clients = new Map<string, Awaited<ReturnType<typeof demoClient>>>();
  for (const email of ['private@demo.test', 'business@demo.test']) {
    const client = await demoClient(tx, email);
    clients.set(email, client);
    await notifyDemoOnboarding(tx, client.id, dayOf(now, MONTHS_OF_HISTORY + 1, 20));
  }
  for (const [index, event] of demoEvents(now).entries()) {
    const client = clients.get(event.email);
    if (!client) throw new Error(`no demo client ${event.email}`);
    const reference = `demo-${index + 1}`;
    if (event.kind === 'incoming') await bookIncoming(tx, client.group.iban, reference, event);
    else if (event.kind === 'outgoing') await bookOutgoing(tx, client.id, reference, event);
    else await bookMonthlyFee(tx, client.id, client.country, reference, event.at);
  }
  await keepHistoryMonths(tx, [...clients.values()], now);
}

/**
 * The months of history were billed by the seed itself (their monthly fees are booked above):
 * their statements are kept as the month-end run would have kept them, and the run is told
 * they are done, so it never bills them again.
 */
async function keepHistoryMonths(tx: Queryable, clients: { id: string }[], now: Date) {
  for (let monthsBack = MONTHS_OF_HISTORY; monthsBack >= 1; monthsBack--) {
    const month = monthOf(dayOf(now, monthsBack, 1));
    for (const client of clients) {
      const accounts = await listClientAccountRows(tx, client.id);
      await recordMonthlyStatements(tx, client.id, accounts, month, { notify: false });
    }
    await markMonthRun(tx, month, now);
  }
}

async function notifyDemoOnboarding(tx: Queryable, clientId: string, at: Date) {
  await notifyClient(tx, {
    clientId,
    kind: 'identification_approved',
    title: 'Identity verified',
    body: 'Your identity is verified. Please log in to continue your application.',
    createdAt: at,
  });
  await notifyClient(tx, {
    clientId,
    kind: 'application_approved',
    title: 'Your account is open',
    body: 'Your application is approved and your accounts are open. Welcome!',
    createdAt: new Date(at.getTime() + 86_400_000),
  });
}
