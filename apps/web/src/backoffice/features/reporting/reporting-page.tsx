import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/use-page-title';
import { RequirePermission } from '../../components/require-permission';
import { LedgerCheck } from './ledger-check';
import { Safeguarding } from './safeguarding';

// Reporting (docs/requirements/back-office.md): the ledger's invariant check and the daily safeguarding
// reconciliation (client balances per currency against the safeguarding account).
export default function ReportingPage() {
  return (
    <RequirePermission needs="viewReports">
      <Reporting />
    </RequirePermission>
  );
}

function Reporting() {
  const { t } = useTranslation('backoffice');
  usePageTitle(t('reporting.title'), undefined, null);
  return (
    <Stack>
      <Title order={1}>{t('reporting.title')}</Title>
      <LedgerCheck />
      <Safeguarding />
    </Stack>
  );
}
