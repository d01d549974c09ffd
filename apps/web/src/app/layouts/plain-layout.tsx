import { Container } from '@mantine/core';
import { Outlet } from 'react-router';

// The spec's plain default layout: no site chrome, just the page.
export function PlainLayout() {
  return (
    <Container size="lg" py="xl" component="main" id="main-content">
      <Outlet />
    </Container>
  );
}
