export * from './auth-responses';
export * from './field-rules';
export * from './human-messages';
export * from './login';
export * from './password';
export * from './phone';
export * from './sign-up';
export * from './validation-messages';
