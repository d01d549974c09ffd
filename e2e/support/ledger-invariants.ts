import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { operatorHeaders } from './operator-session';

// The ledger's invariant check, as the back office runs it: the ledger balances per currency,
// every cached balance equals its entries, and no client account is below zero. The fixture
// runs it after every test on that test's server, so a journey that breaks the ledger fails by
// name, whatever order the files run in (docs/ledger.md).
export class LedgerInvariants {
  private headers: Record<string, string> | undefined;

  constructor(private readonly api: APIRequestContext) {}

  private async report() {
    this.headers ??= await operatorHeaders(this.api, 'compliance@demo.test');
    return this.api.get('/api/backoffice/reports/ledger', { headers: this.headers });
  }

  async expectToHold(): Promise<void> {
    let answer = await this.report();
    // A journey may have ended every operator session (or it timed out): log in again once.
    if (answer.status() === 401) {
      this.headers = undefined;
      answer = await this.report();
    }
    expect(answer.status(), await answer.text()).toBe(200);
    const report = (await answer.json()).data;
    expect(report.breaks, 'the ledger invariants after this test').toEqual([]);
    expect(report.ok).toBe(true);
  }
}
