import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statementFileUrl } from './api';

// The five files of a statement (docs/requirements/statements.md): each is written by the API
// from the same lines, so any of them reconciles with the screen.
export const STATEMENT_FILES = ['pdf', 'csv', 'xlsx', 'camt053', 'mt940'] as const;

/** The files of one account's statement, or of all the client's accounts without `accountId`. */
export function StatementDownloads(props: { accountId?: string; period: { from: string; to: string } }) {
  const { t } = useTranslation('dashboard');
  return (
    <Group gap="md" wrap="wrap" aria-label={t('statements.downloads')} role="group">
      <Text size="sm" c="dimmed">
        {t('statements.download')}
      </Text>
      {STATEMENT_FILES.map((format) => (
        <Anchor
          key={format}
          href={statementFileUrl(props.accountId, props.period, format)}
          download
          data-testid={`statement-download-${format}`}
        >
          {t(`statements.format_${format}`)}
        </Anchor>
      ))}
    </Group>
  );
}
