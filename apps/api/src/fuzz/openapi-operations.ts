import type { FastifyInstance } from 'fastify';

// The fuzz test's list of what to probe comes from the API's own OpenAPI document (generated
// from the route schemas), so a route added tomorrow is fuzzed without anyone writing a line.
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema: JsonSchema };

export type Operation = {
  method: string;
  /** The path as the router knows it, with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function operationsOf(app: FastifyInstance): Operation[] {
  const document = app.swagger() as unknown as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, entries] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(entries)) {
      if (!METHODS.has(method)) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        ...(body ? { body } : {}),
      });
    }
  }
  return operations;
}
