import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { Section } from '../../components/section';
import type { ClientDetail } from './api';

/** Every decision operators took about the client, newest first, with who took it and why. */
export function ClientHistory({ reviews }: { reviews: ClientDetail['reviews'] }) {
  const { t } = useTranslation('backoffice');
  return (
    <Section title={t('record.history')}>
      {reviews.length === 0 ? (
        <Text c="dimmed">{t('record.none')}</Text>
      ) : (
        <Stack gap="xs">
          {reviews.map((review) => (
            <Text key={review.id} size="sm">
              <span className="tabular-figures">{formatDateTime(review.created_at)}</span> ·{' '}
              <strong>{t(`review_action.${review.action}` as 'review_action.application_approved')}</strong> ·{' '}
              {review.operator_email}
              {review.reason ? ` · ${review.reason}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Section>
  );
}
