import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { codeName } from '../../../lib/code-names';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { Section } from '../../components/section';
import type { ClientDetail } from './api';
import { IdentificationActions } from './identification-actions';

const statusColor = (status: string) =>
  status === 'APPROVED' ? '#1e6b34' : status === 'REJECTED' ? 'red.9' : 'yellow.4';

/** The client's identity checks, newest first; a pending one can be decided here. */
export function ClientIdentifications({
  identifications,
  canDecide,
}: {
  identifications: ClientDetail['identifications'];
  canDecide: boolean;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <Section title={t('record.identification')}>
      {identifications.length === 0 ? (
        <Text c="dimmed">{t('record.none')}</Text>
      ) : (
        <Stack>
          {identifications.map((submission) => (
            <Group key={submission.id} justify="space-between">
              <Group gap="xs">
                <Badge variant="outline">{codeName(submission.document_type)}</Badge>
                <Badge autoContrast color={statusColor(submission.status)}>
                  {submission.status}
                </Badge>
                <Text size="sm" className="tabular-figures">
                  {formatDateTime(submission.created_at)}
                </Text>
                {submission.date_of_birth && (
                  <Text size="sm" className="tabular-figures">
                    {t('record.born', { date: formatDate(submission.date_of_birth) })}
                  </Text>
                )}
                {submission.document_expires_on && (
                  <Text size="sm" className="tabular-figures">
                    {t('record.document_expires', { date: formatDate(submission.document_expires_on) })}
                  </Text>
                )}
                {submission.decision_reason && <Text size="sm">{submission.decision_reason}</Text>}
              </Group>
              {submission.status === 'PENDING' && canDecide && (
                <IdentificationActions submissionId={submission.id} />
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}
