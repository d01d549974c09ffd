export * from './countries';
export * from './currencies';
export * from './global-settings';
export * from './meta-lists';
export * from './meta-responses';
