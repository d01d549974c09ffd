import type { ModuleManifest } from './lib/module-manifest';
import { manifest as accounts } from './modules/accounts';
import { manifest as adjustments } from './modules/adjustments';
import { manifest as attachments } from './modules/attachments';
import { manifest as audit } from './modules/audit';
import { manifest as auth } from './modules/auth';
import { manifest as bankStatements } from './modules/bank-statements';
import { manifest as batches } from './modules/batches';
import { manifest as clients } from './modules/clients';
import { manifest as deactivation } from './modules/deactivation';
import { manifest as escrow } from './modules/escrow';
import { manifest as exchange } from './modules/exchange';
import { manifest as fees } from './modules/fees';
import { manifest as fxRates } from './modules/fx-rates';
import { manifest as ledger } from './modules/ledger';
import { manifest as meta } from './modules/meta';
import { manifest as notifications } from './modules/notifications';
import { manifest as onboardingReview } from './modules/onboarding-review';
import { manifest as operators } from './modules/operators';
import { manifest as outbox } from './modules/outbox';
import { manifest as payments } from './modules/payments';
import { manifest as rails } from './modules/rails';
import { manifest as recipients } from './modules/recipients';
import { manifest as reporting } from './modules/reporting';
import { manifest as sca } from './modules/sca';
import { manifest as statements } from './modules/statements';
import { manifest as tickets } from './modules/tickets';
import { manifest as waitlist } from './modules/waitlist';

/**
 * Every API module's manifest, in the declared order (scripts/module-order.mjs, decision 0048):
 * app.ts registers their routes and jobs.ts their jobs by walking this list, so a new module is
 * one line here and its place in the order, never a hand-kept list of route plugins.
 */
export const MODULES: readonly ModuleManifest[] = [
  ledger,
  audit,
  outbox,
  attachments,
  notifications,
  meta,
  auth,
  sca,
  operators,
  clients,
  accounts,
  tickets,
  waitlist,
  recipients,
  rails,
  fxRates,
  payments,
  exchange,
  batches,
  statements,
  fees,
  escrow,
  deactivation,
  onboardingReview,
  adjustments,
  bankStatements,
  reporting,
];
