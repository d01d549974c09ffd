// What a service needs to log: the shape of pino's methods, so Fastify's logger (a pino
// logger) can be passed in and no service imports the HTTP framework to write a log line.
type LogMethod = {
  (fields: object, message?: string): void;
  (message: string): void;
};

export type Logger = { info: LogMethod; warn: LogMethod; error: LogMethod };
