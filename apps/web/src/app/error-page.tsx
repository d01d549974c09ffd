import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '../components/use-page-title';
import { reportUnexpectedError } from '../lib/error-reporting/report-error';
import { i18n } from '../lib/i18n';
import { NotFoundPage } from './not-found-page';

// docs/error-catalogue.md: the error page shows the status (default 500) and the message (default
// 'Error'); if showing it fails too, a last plain fallback with a way home.
function describe(error: unknown): { status: number; message: string | undefined } {
  if (isRouteErrorResponse(error)) return { status: error.status, message: error.statusText || undefined };
  if (error instanceof Error) {
    const status = 'status' in error && typeof error.status === 'number' ? error.status : 500;
    return { status, message: error.message || undefined };
  }
  return { status: 500, message: undefined };
}

// A 404 (no route owns the path, or a loader refused its id) is the not-found page itself.
function ErrorContent() {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? (
    <NotFoundPage />
  ) : (
    <StatusContent error={error} />
  );
}

function StatusContent({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { status, message } = describe(error);
  const heading = message ?? t('errors.default_message');
  usePageTitle(heading);
  useEffect(() => void reportUnexpectedError(error), [error]);
  return (
    <Container size="sm" py={80} component="main" id="main-content">
      <Stack align="center" ta="center" gap="md">
        <Text fz={64} fw={800} c="dimmed">
          {status}
        </Text>
        <Title order={1}>{heading}</Title>
        <Anchor href="#/">{t('errors.go_home')}</Anchor>
      </Stack>
    </Container>
  );
}

// Plain HTML and no hooks: whatever broke the error page must not break this too.
class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main style={{ padding: 32, fontFamily: 'system-ui, sans-serif' }}>
        <h1>{i18n.t('errors.error_page_failed')}</h1>
        <a href="#/">{i18n.t('errors.go_home')}</a>
      </main>
    );
  }
}

export function ErrorPage() {
  return (
    <ErrorPageBoundary>
      <ErrorContent />
    </ErrorPageBoundary>
  );
}
