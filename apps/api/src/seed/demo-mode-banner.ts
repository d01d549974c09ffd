import type { Config } from '../config';

// Printed at start whenever demo mode is on, so nobody runs it by accident without seeing
// what it gives away. Plain text on stderr, not a JSON log line that scrolls past.
export function demoModeBanner(config: Pick<Config, 'host' | 'publicUrl'>): string {
  const lines = [
    'DEMO MODE IS ON: do not use this server for real clients or real money.',
    `  - every e-mail and SMS, one-time codes and reset links included, is readable by anyone`,
    `    who can reach ${config.publicUrl}/api/dev/outbox (no log-in)`,
    '  - demo clients and operators exist with the known password Demo-password-1',
    `  - listening on ${config.host}`,
    'Run with NODE_ENV=production (or DEMO_MODE=off) for a real deployment.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return [rule, ...lines.map((line) => `| ${line.padEnd(width)} |`), rule].join('\n');
}
