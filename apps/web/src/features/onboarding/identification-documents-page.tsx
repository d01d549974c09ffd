import type { IdentificationListResponse } from '@bluepeak/core/onboarding';
import { Alert, Button, Loader, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { StatusBadge } from '../../components/status-badge';
import { clientQueryKeys, useClient } from '../../lib/client-session';
import { codeName } from '../../lib/code-names';
import { formatDate } from '../../lib/format-date';
import { identificationQuery } from './api';
import { IdentificationUploadForm } from './identification-upload-form';
import { OnboardingPage } from './onboarding-page';

type Submission = IdentificationListResponse['data'][number];

const LIST_PATH = '/dashboard/settings/identification-documents';

// /dashboard/settings/identification-documents and /new (docs/requirements/settings.md): every
// identity document the client has sent, newest first, with our verdict, and one more sent for
// checking. While a check is open a second one waits, as the API says (409
// identification_pending): the new page says so instead of offering a form that must fail.
export default function IdentificationDocumentsPage() {
  const { t } = useTranslation('onboarding');
  const adding = useLocation().pathname.endsWith('/new');
  const client = useClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const submissions = useQuery(identificationQuery);
  const pending = client.ondato_has_active_identification;
  // Until the accounts open, an identity once verified is not sent again (409 identification_done).
  const verifiedBeforeApproval =
    client.status !== 'APPROVED' && client.has_processed_ondato_identification && !client.ondato_required;
  const sent = async () => {
    await queryClient.invalidateQueries({ queryKey: clientQueryKeys.all });
    await queryClient.invalidateQueries({ queryKey: identificationQuery.queryKey });
    await navigate(LIST_PATH);
  };
  if (adding) {
    return (
      <OnboardingPage title={t('identification.documents.new_title')} intro={t('identification.intro')}>
        {pending ? (
          <Alert color="blue">{t('identification.documents.pending')}</Alert>
        ) : verifiedBeforeApproval ? (
          <Alert color="blue">{t('identification.documents.verified')}</Alert>
        ) : (
          <IdentificationUploadForm onDone={sent} />
        )}
      </OnboardingPage>
    );
  }
  return (
    <OnboardingPage title={t('identification.documents.title')} intro={t('identification.documents.intro')}>
      {submissions.isPending && <Loader aria-label={t('identification.loading')} />}
      {submissions.isError && (
        <LoadFailedAlert
          title={t('identification.documents.load_failed')}
          retryLabel={t('identification.documents.retry')}
          onRetry={() => void submissions.refetch()}
        />
      )}
      {submissions.data && <SubmissionTable submissions={submissions.data} />}
      {!pending && !verifiedBeforeApproval && (
        <Button component={Link} to={`${LIST_PATH}/new`} w="fit-content">
          {t('identification.documents.add')}
        </Button>
      )}
    </OnboardingPage>
  );
}

function SubmissionTable({ submissions }: { submissions: Submission[] }) {
  const { t } = useTranslation('onboarding');
  if (submissions.length === 0) return <Text>{t('identification.none_on_file')}</Text>;
  return (
    <DataTable
      minWidth={560}
      aria-label={t('identification.documents.title')}
      verticalSpacing="sm"
      head={
        <>
          <Table.Th>{t('identification.document_type')}</Table.Th>
          <Table.Th>{t('identification.document_number')}</Table.Th>
          <Table.Th>{t('identification.document_expires_on')}</Table.Th>
          <Table.Th>{t('identification.documents.sent_on')}</Table.Th>
          <Table.Th>{t('identification.documents.status')}</Table.Th>
        </>
      }
    >
      {submissions.map((submission) => (
        <Table.Tr key={submission.id}>
          <Table.Td>
            {t(`identification.types.${submission.document_type}`, {
              defaultValue: codeName(submission.document_type),
            })}
          </Table.Td>
          <Table.Td className="tabular-figures">{submission.document_number ?? '—'}</Table.Td>
          <Table.Td>
            {submission.document_expires_on ? formatDate(submission.document_expires_on) : '—'}
          </Table.Td>
          <Table.Td>{formatDate(submission.created_at)}</Table.Td>
          <Table.Td>
            <StatusBadge status={submission.status.toLowerCase()}>
              {t(`identification.status.${submission.status}`, { defaultValue: submission.status })}
            </StatusBadge>
            {submission.decision_reason && (
              <Text size="sm">{t('identification.reason', { reason: submission.decision_reason })}</Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
