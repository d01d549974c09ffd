import type { IdentificationListResponse } from '@bluepeak/core/onboarding';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { codeName } from '../../lib/code-names';
import { formatDate } from '../../lib/format-date';

type Submission = IdentificationListResponse['data'][number];

// The identity document on file for an approved client (docs/requirements/settings.md,
// "Identification"): the approved one, with a renewal under review or refused shown above it. The
// number comes masked from the API; the expiry shows as DD-MM-YYYY.
export function IdentificationOnFile({ submissions }: { submissions: Submission[] }) {
  const { t } = useTranslation('onboarding');
  const approved = submissions.find((submission) => submission.status === 'APPROVED');
  const [latest] = submissions;
  const shown = latest && latest !== approved ? [approved, latest] : [approved];
  if (!latest) return <Text>{t('identification.none_on_file')}</Text>;
  return (
    <Stack gap="md">
      {shown.map(
        (submission) =>
          submission && (
            <Card withBorder padding="lg" key={submission.id}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="wrap">
                  <Title order={2} fz="lg">
                    {t(submission === approved ? 'identification.on_file' : 'identification.renewal')}
                  </Title>
                  <Badge variant="light">{t(`identification.status.${submission.status}`)}</Badge>
                </Group>
                <Line
                  label={t('identification.document_type')}
                  value={t(`identification.types.${submission.document_type}`, {
                    defaultValue: codeName(submission.document_type),
                  })}
                />
                <Line label={t('identification.document_number')} value={submission.document_number ?? '—'} />
                <Line
                  label={t('identification.document_expires_on')}
                  value={submission.document_expires_on ? formatDate(submission.document_expires_on) : '—'}
                />
                {submission.decision_reason && (
                  <Text size="sm">{t('identification.reason', { reason: submission.decision_reason })}</Text>
                )}
              </Stack>
            </Card>
          ),
      )}
    </Stack>
  );
}

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text fw={600}>{label}:</Text>
      <Text className="tabular-figures" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
