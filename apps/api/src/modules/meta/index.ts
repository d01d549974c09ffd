export { healthRoutes } from './health-routes';
export { metaRoutes } from './meta-routes';
