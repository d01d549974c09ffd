import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, logIn, type Session } from '../testing/onboarding-helpers';
import { useTestApp } from '../testing/use-test-app';
import { operationsOf } from './openapi-operations';

// An id that names nothing is a 404, never `200 {"data": null}`: every GET with a path
// parameter, read with a fresh uuid as a client and as an operator.
describe('unknown ids', () => {
  const test = useTestApp({
    demo: true,
    setUp: async () => {
      callers = [
        await logIn(test.app, 'private@demo.test', DEMO_PASSWORD),
        await logIn(test.app, 'admin@demo.test', DEMO_PASSWORD, true),
        await logIn(test.app, 'compliance@demo.test', DEMO_PASSWORD, true),
      ];
    },
  });
  let callers: Session[];

  it('answers every GET by id for an unknown id with a 4xx', async () => {
    const reads = operationsOf(test.app).filter(
      (operation) => operation.method === 'GET' && operation.parameters.some((p) => p.in === 'path'),
    );
    expect(reads.length).toBeGreaterThan(10);
    const answers: string[] = [];
    for (const operation of reads) {
      const url = operation.path.replace(/\{[^}]+\}/g, () => randomUUID());
      for (const session of callers) {
        const response = await test.app.inject({ method: 'GET', url, headers: session.headers });
        if (response.statusCode < 400)
          answers.push(`${operation.path}: ${response.statusCode} ${response.body.slice(0, 80)}`);
      }
    }
    expect(answers).toEqual([]);
  });
});
