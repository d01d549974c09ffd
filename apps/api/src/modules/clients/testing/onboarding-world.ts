import type { InjectOptions } from 'fastify';
import { useDemoWorld } from '../../../testing/demo-world';

/**
 * The world of the onboarding journey tests: the demo data with the compliance officer and a
 * support agent logged in; clients sign up through the real routes (`inject`).
 */
export function useOnboardingWorld() {
  const { test, sessions } = useDemoWorld({
    sessions: { compliance: ['compliance@demo.test', true], support: ['support@demo.test', true] },
  });
  const inject = (options: InjectOptions) => test.app.inject(options);
  return { test, sessions, inject };
}
