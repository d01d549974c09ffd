// Clients: sign-up, the client record and its status transitions, verification and onboarding
// steps, profile and security settings, and who is calling a client route.

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
export { listAddresses } from './save-address';
export { clientSecurityRoutes } from './security-routes';
export { readSettings } from './settings-read';
export { clientSettingsRoutes } from './settings-routes';
export { authSignUpRoutes } from './sign-up-routes';
export { listDocuments, loadDocument } from './store-documents';
export { clientVerificationRoutes } from './verification-routes';
