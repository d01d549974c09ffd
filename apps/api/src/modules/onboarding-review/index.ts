// The back office's review of applicants: the applications queue, a client's file and documents,
// and the decisions on applications and identifications.

export { backofficeDecisionRoutes } from './decision-routes';
export { onClientApproved } from './on-client-approved';
export { backofficeOnboardingRoutes } from './onboarding-review-routes';
