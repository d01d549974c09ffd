import { describe, expect, it } from 'vitest';
import { backofficeI18n } from '../../lib/i18n';
import { deactivationLines } from './deactivation-lines';

// Approving a closure is asked first: the closing fee, what is paid out, from whom to whom.
const t = backofficeI18n.getFixedT(null, 'backoffice');
const shown = (lines: { label: string; value: unknown }[]) =>
  lines.map((line) => [line.label, String(line.value).replaceAll('\u00a0', ' ')]);

describe("a closure's approval", () => {
  it('shows the closing fee and each pay-out from the client to the recipient', () => {
    const request = {
      closing_fee: { amount: 0, currency: 'EUR' },
      payout_recipient_name: 'Erika Mustermann',
      payout_plan: [
        { account_id: 'a', currency: 'EUR', total: 5_000, amount: 4_500, fee: 500, problem: null },
        { account_id: 'b', currency: 'GBP', total: 100, amount: null, fee: null, problem: 'below_fee' },
      ],
    };
    expect(shown(deactivationLines(request, 'Alex Morgan', t))).toEqual([
      ['Closing fee', '0.00 EUR'],
      ['Pay-out', '45.00 EUR'],
      ['From', 'Alex Morgan'],
      ['To', 'Erika Mustermann'],
    ]);
  });

  it('says when nothing is paid out', () => {
    const request = {
      closing_fee: { amount: 0, currency: 'EUR' },
      payout_recipient_name: null,
      payout_plan: [],
    };
    expect(shown(deactivationLines(request, 'Alex Morgan', t)).slice(1)).toEqual([
      ['Pay-out', 'Nothing to pay out'],
      ['From', 'Alex Morgan'],
      ['To', '–'],
    ]);
  });
});
