import type { IdentificationListResponse } from '@bluepeak/core/onboarding';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientDataQuery, clientQueryKeys, useClient } from '../../lib/client-session';
import { formatDate } from '../../lib/format-date';
import { identificationQuery } from './api';
import { IdentificationOnFile } from './identification-on-file';
import { IdentificationUploadForm as UploadForm } from './identification-upload-form';
import { OnboardingPage } from './onboarding-page';
import { useNextStep } from './use-onboarding';

const REVIEW_POLL_MS = 10_000;

// /dashboard/identification and /dashboard/settings/identification (forced redirects 2 and 3):
// the document's front (and back, except a passport) and a selfie, reviewed by an operator.
// While a review is open the page checks for the decision, so the next step follows by itself.
// An approved client sees the document on file and renews it here (docs/requirements/settings.md,
// "Identification"): the same upload, reviewed the same way.
export default function IdentificationPage() {
  const { t } = useTranslation('onboarding');
  const client = useClient();
  const next = useNextStep();
  const queryClient = useQueryClient();
  const submissions = useQuery(identificationQuery);
  const pending = client.ondato_has_active_identification;
  // The decision arrives by the operator: look again every few seconds while it is open.
  useQuery({ ...clientDataQuery, refetchInterval: pending ? REVIEW_POLL_MS : false });
  // Decided: an approved check stands and no new one is asked for. A business's identity check is
  // asked for by nothing but this (its application needs it), so "not required" alone is not it.
  const decided = !pending && client.has_processed_ondato_identification && !client.ondato_required;
  // A review this page waited for has ended: show its outcome, and the way on from a forced check.
  const [reviewed, setReviewed] = useState(false);
  useEffect(() => {
    if (pending) setReviewed(true);
    else if (reviewed) void queryClient.invalidateQueries({ queryKey: identificationQuery.queryKey });
  }, [pending, reviewed, queryClient]);
  // An operator asked for a new check after an approved one: the old approval is not the news.
  const latest = submissions.data?.[0];
  const checkAgain = client.ondato_required && !pending && latest?.status === 'APPROVED';
  const onFile = client.status === 'APPROVED' && !client.ondato_required;
  const refresh = () => queryClient.invalidateQueries({ queryKey: clientQueryKeys.all });

  return (
    <OnboardingPage title={t('identification.title')} intro={t('identification.intro')}>
      {submissions.isPending && <Loader aria-label={t('identification.loading')} />}
      {checkAgain && <Alert color="yellow">{t('identification.check_again')}</Alert>}
      {!checkAgain && !onFile && latest && <LatestSubmission submission={latest} />}
      {onFile && submissions.data && <IdentificationOnFile submissions={submissions.data} />}
      {decided && (reviewed || !onFile) && (
        <Button w="fit-content" onClick={() => void next()}>
          {t('identification.continue')}
        </Button>
      )}
      {decided && onFile && (
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('identification.renew_title')}
          </Title>
          <Text size="sm">{t('identification.renew_intro')}</Text>
          <UploadForm onDone={refresh} />
        </Stack>
      )}
      {!pending && !decided && <UploadForm onDone={refresh} />}
    </OnboardingPage>
  );
}

function LatestSubmission({ submission }: { submission: IdentificationListResponse['data'][number] }) {
  const { t } = useTranslation('onboarding');
  const color =
    submission.status === 'REJECTED' ? 'red' : submission.status === 'APPROVED' ? 'green' : 'blue';
  return (
    <Alert color={color}>
      <Group gap="xs">
        <Badge variant="light">{t(`identification.status.${submission.status}`)}</Badge>
        <Text size="sm">{formatDate(submission.created_at)}</Text>
      </Group>
      <Text size="sm" mt={4}>
        {t(`identification.explain.${submission.status}`)}
      </Text>
      {submission.decision_reason && (
        <Text size="sm" mt={4}>
          {t('identification.reason', { reason: submission.decision_reason })}
        </Text>
      )}
    </Alert>
  );
}
