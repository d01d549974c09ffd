// The API's own status: the health check for load balancers and the build's meta data.
// It owns no table.

export { healthRoutes } from './health-routes';
export { metaRoutes } from './meta-routes';
