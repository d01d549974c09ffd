import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** A related person's name, leading to their settings page. */
export function PersonLink({ person }: { person: { id: string; first_name: string; last_name: string } }) {
  return (
    <Anchor component={Link} to={`/dashboard/settings/related-persons/${person.id}`}>
      {person.first_name} {person.last_name}
    </Anchor>
  );
}
