import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A link to a client's record, labelled with the client's name or e-mail. */
export function ClientLink({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={`/clients/${id}`}>
      {children}
    </Anchor>
  );
}
