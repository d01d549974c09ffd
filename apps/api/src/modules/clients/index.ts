// Clients: sign-up, the client record and its status transitions, verification and onboarding
// steps, profile and security settings, and who is calling a client route.

import type { ModuleManifest } from '../../lib/module-manifest';
import { authLoginRoutes } from './client-login-routes';
import { clientContactChangeRoutes } from './contact-change-routes';
import { clientNotificationRoutes } from './notification-routes';
import { clientOnboardingRoutes } from './onboarding-routes';
import { clientProfileRoutes } from './profile-routes';
import { authRestoreRoutes } from './restore-routes';
import { clientSecurityRoutes } from './security-routes';
import { clientSettingsRoutes } from './settings-routes';
import { authSignUpRoutes } from './sign-up-routes';
import { clientVerificationRoutes } from './verification-routes';

export { listAddresses } from './address-rows';
export { assertApproved } from './assert-approved';
export { clientActor, loadApprovedCaller, loadCaller } from './client-caller-guard';
export { clientLoginAccounts } from './client-login-accounts';
export { authLoginRoutes } from './client-login-routes';
export { buildClientRecord, type ClientRecordParts, clientRecordParts } from './client-record';
export { type ClientRow, clientDisplayName, findClientByEmail, findClientById } from './client-rows';
export { type Actor, changeStatus, submitApplicationIfComplete } from './client-transitions';
export { clientContactChangeRoutes } from './contact-change-routes';
export { type DemoClient, insertDemoClient } from './demo-client-rows';
export { clientNotificationRoutes } from './notification-routes';
export { clientOnboardingRoutes } from './onboarding-routes';
export { clientProfileRoutes } from './profile-routes';
export { listRelatedClients } from './related-clients';
export { authRestoreRoutes } from './restore-routes';
export {
  clearDataUpdateRequests,
  recordApplicationDecision,
  recordDocumentReview,
  recordIdentificationReview,
  requireDataUpdate,
  requireNewIdentification,
  requirePasswordChangeOf,
} from './review-rows';
export { clientSecurityRoutes } from './security-routes';
export { readSettings } from './settings-read';
export { clientSettingsRoutes } from './settings-routes';
export { authSignUpRoutes } from './sign-up-routes';
export { listDocuments, loadDocument } from './store-documents';
export { clientVerificationRoutes } from './verification-routes';

/** What the app registers of this module, in the declared order of modules (apps/api/src/modules.ts). */
export const manifest: ModuleManifest = {
  name: 'clients',
  routes: [
    authSignUpRoutes,
    authLoginRoutes,
    authRestoreRoutes,
    clientProfileRoutes,
    clientVerificationRoutes,
    clientSecurityRoutes,
    clientContactChangeRoutes,
    clientOnboardingRoutes,
    clientSettingsRoutes,
    clientNotificationRoutes,
  ],
};
