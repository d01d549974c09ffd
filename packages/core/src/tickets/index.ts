// Messages: support tickets between a client and the back office.
export * from './ticket-schemas';
