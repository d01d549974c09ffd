import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';

// One colour per meaning of a status, the same in the client app and the back office. A light
// badge's text needs 4.5:1 on its tint (docs/requirements/public-site.md): Mantine's green, yellow
// and orange do not reach it; the dark green (5.9), dark amber (6.1) and dark orange (6.0) do.
const TONES = {
  done: '#1e6b34',
  moving: 'blue',
  waiting: '#7a4f00',
  idle: 'gray',
  failed: 'red',
  undone: '#9c3d00',
} as const;

const TONE_OF: Record<string, keyof typeof TONES> = {
  completed: 'done',
  accepted: 'done',
  approved: 'done',
  met: 'done',
  posted: 'done',
  processing: 'moving',
  submitted: 'moving',
  awaiting_confirmation: 'waiting',
  on_hold: 'waiting',
  pending: 'waiting',
  possible_duplicate: 'waiting',
  created: 'idle',
  draft: 'idle',
  open: 'idle',
  cancelled: 'idle',
  voided: 'idle',
  rejected: 'failed',
  returned: 'undone',
  expired: 'undone',
};

/** A status in its colour; `children` is its worded name, `testId` names what it is the status of. */
export function StatusBadge({
  status,
  testId,
  children,
}: {
  status: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Badge color={TONES[TONE_OF[status] ?? 'idle']} variant="light" data-testid={testId} data-status={status}>
      {children}
    </Badge>
  );
}
