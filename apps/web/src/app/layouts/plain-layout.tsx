import { Container } from '@mantine/core';
import { Outlet } from 'react-router';

// The plain default layout (docs/requirements/public-site.md, "Layouts"): no site chrome, just the page.
export function PlainLayout() {
  return (
    <Container size="lg" py="xl" component="main" id="main-content">
      <Outlet />
    </Container>
  );
}
