export { backofficeDecisionRoutes } from './decision-routes';
export { backofficeOnboardingRoutes } from './onboarding-review-routes';
