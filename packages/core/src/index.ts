// The public surface of @bluepeak/core: pure domain code shared by the API and the web app.
// No I/O, no React, no Fastify here (see docs/architecture.md).

export * from './auth';
export * from './brand';
export * from './deactivation';
export * from './errors';
export * from './fees';
export * from './money';
export * from './onboarding';
export * from './reference';
export * from './schemas';
export * from './settings';
