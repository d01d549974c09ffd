// Account deactivation: the client's request and the operator's review (docs/requirements/deactivation.md).

export * from './deactivation-responses';
export * from './deactivation-rules';
export * from './deactivation-schemas';
export * from './payout-plan';
