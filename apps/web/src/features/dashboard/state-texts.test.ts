import { clientStatuses } from '@bluepeak/core/onboarding';
import { describe, expect, it } from 'vitest';
import { clientView } from '../../lib/application-progress';
import { progressClient } from '../../lib/testing/progress-client';
import { sidebarItems } from './dashboard-rules';

// Every state text of the dashboard comes from clientView: here, over every state a client can be
// in, the step indicator, Home's sentence, the banner and the sidebar's reasons say one thing.
const base = progressClient;

describe('state texts', () => {
  it('says one thing about every state: steps, Home, the banner and the sidebar agree', () => {
    const flags = [false, true];
    for (const type of ['PRIVATE', 'CORPORATE'] as const)
      for (const status of clientStatuses)
        for (const identity of flags)
          for (const checking of flags)
            for (const submitted of flags)
              for (const address of flags) {
                const client = {
                  ...base,
                  type,
                  status,
                  has_processed_ondato_identification: identity,
                  ondato_has_active_identification: checking,
                  application_submitted: submitted,
                  has_legal_address: address,
                };
                // A client who has not verified its phone has sent nothing yet.
                if (status === 'NEW' && (identity || checking || submitted || address)) continue;
                // The server submits a private application the moment identity and address are in.
                if (type === 'PRIVATE' && identity && address && !submitted && status !== 'APPROVED')
                  continue;
                const label = JSON.stringify({ type, status, identity, checking, submitted, address });
                const view = clientView(client);
                const current = view.steps.find((step) => step.state === 'current')?.step;
                // While the application runs, the sidebar says "once approved", and not otherwise.
                const reasons = new Set(
                  sidebarItems({ ...client, client_data_update_required: false }).map((item) => item.reason),
                );
                reasons.delete(undefined);
                expect([...reasons], label).toEqual(view.moneyBlocked ? [view.moneyBlocked] : []);
                expect(view.banner === 'closing', label).toBe(view.moneyBlocked === 'closing');
                expect(view.steps.length === 0, label).toBe(view.application === null);
                switch (view.application) {
                  case 'in_review':
                    expect(current, label).toBe('review');
                    break;
                  case 'identification':
                    expect(current, label).toBe('identification');
                    break;
                  case 'verify_phone':
                    expect(current, label).toBe('phone');
                    break;
                  case 'company_steps':
                    expect(current, label).toBe('company');
                    break;
                  case 'details':
                    // Nothing is left but the details: the step shown now is the address.
                    expect(current, label).toBe(type === 'PRIVATE' ? 'address' : 'review');
                    break;
                  default:
                    break;
                }
              }
  });
});
