export * from './problem';
export * from './scrub-error-report';
