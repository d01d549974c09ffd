import { operatorReasonSchema } from '@bluepeak/core/backoffice';
import { Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../components/use-page-title';
import { LoadFailed } from '../../components/load-failed';
import { ReasonDialog } from '../../components/reason-dialog';
import { RequirePermission } from '../../components/require-permission';
import { showInfo } from '../../lib/notify';
import { deactivateOperator, type OperatorSummary, operatorKeys, operatorsQuery } from './api';
import { CreateOperator } from './create-operator';
import { OperatorsTable } from './operators-table';

// Operator management for administrators (docs/requirements/back-office.md): list, invite with roles (the invitee
// chooses the password and enrols the authenticator from the e-mailed link, so no administrator
// ever holds another operator's factors), deactivate with a reason.
export default function OperatorsPage() {
  return (
    <RequirePermission needs="manageOperators">
      <Operators />
    </RequirePermission>
  );
}

function Operators() {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [deactivating, setDeactivating] = useState<OperatorSummary | null>(null);
  usePageTitle(t('operators.title'), undefined, null);
  const operators = useQuery(operatorsQuery);
  const deactivate = useMutation({
    mutationFn: (input: { id: string; reason: string }) => deactivateOperator(input.id, input.reason),
    onSuccess: async () => {
      showInfo(t('operators.deactivated_done'));
      setDeactivating(null);
      await queryClient.invalidateQueries({ queryKey: operatorKeys.all });
    },
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('operators.title')}</Title>
        <Button onClick={() => setCreating(true)}>{t('operators.create')}</Button>
      </Group>
      {operators.isPending && <Skeleton role="status" h={200} aria-label={t('loading')} />}
      {operators.isError && <LoadFailed onRetry={() => void operators.refetch()} />}
      {operators.data && <OperatorsTable operators={operators.data} onDeactivate={setDeactivating} />}
      <CreateOperator opened={creating} onClose={() => setCreating(false)} />
      {deactivating && (
        <ReasonDialog
          title={t('operators.deactivate_title', { email: deactivating.email })}
          confirm={t('operators.deactivate')}
          confirmColor="red.9"
          busy={deactivate.isPending}
          field={operatorReasonSchema.shape.reason}
          label={t('record.reason')}
          onClose={() => setDeactivating(null)}
          onSubmit={(reason) => deactivate.mutate({ id: deactivating.id, reason })}
        />
      )}
    </Stack>
  );
}
