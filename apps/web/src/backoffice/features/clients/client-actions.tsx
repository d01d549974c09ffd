import {
  type ClientRequirement,
  clientRequirementRefusal,
  clientRequirementSchema,
} from '@bluepeak/core/backoffice';
import { identificationDecisionSchema, requestDataUpdateSchema } from '@bluepeak/core/onboarding';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/reason-dialog';
import { backofficeKeys } from '../../lib/api';
import { showInfo } from '../../lib/notify';
import { clientQuery, decideClient } from './api';

const UPDATE_FLAGS = [
  'activity_require',
  'address_require',
  'client_info_require',
  'partners_require',
] as const;
const REQUIREMENTS = [
  'require_password_change',
  'request_identification',
] as const satisfies readonly ClientRequirement[];
type Dialog = 'approve' | 'reject' | 'request_update' | ClientRequirement;

// Each decision's reason, checked by the schema the API applies to it.
const reasonFields = {
  approve: identificationDecisionSchema.shape.reason,
  reject: identificationDecisionSchema.shape.reason,
  request_update: requestDataUpdateSchema.shape.reason,
  require_password_change: clientRequirementSchema.shape.reason,
  request_identification: clientRequirementSchema.shape.reason,
};

// A compliance reviewer's decisions on an application: approve, reject with a reason, or ask
// the client to update specific data; and the requirements that force a password change or a
// new identity check (docs/requirements/onboarding.md, forced redirects 5 and 3). Each asks for confirmation and says why.
export function ClientActions({ clientId, status }: { clientId: string; status: string }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  // The client's flags, from the record the page has already loaded (same query).
  const record = useQuery(clientQuery(clientId)).data;
  const client = record?.client;
  // An application with a gap cannot be approved (API: 409): the record lists the gaps instead.
  const approvable = (record?.application_gaps.length ?? 1) === 0;
  // Offered only when the API would accept it (core's rule, the same the API applies).
  const requirements = REQUIREMENTS.filter(
    (requirement) => client && clientRequirementRefusal(requirement, client) === null,
  );
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [flags, setFlags] = useState<string[]>([]);
  const close = () => {
    setDialog(null);
    setFlags([]);
  };
  const decide = useMutation({
    mutationFn: ({ action, reason }: { action: Dialog; reason: string }) =>
      decideClient(
        clientId,
        action,
        action === 'request_update' ? { flags, reason } : reason ? { reason } : {},
      ),
    onSuccess: async (_answer, { action }) => {
      showInfo(t(`record.done.${action}`));
      close();
      await queryClient.invalidateQueries({ queryKey: backofficeKeys.all });
    },
  });
  const onApproval = status === 'ON_APPROVAL';
  const requirementDialog = REQUIREMENTS.find((requirement) => requirement === dialog);
  return (
    <>
      <Group>
        {onApproval && approvable && (
          <Button color="#1e6b34" onClick={() => setDialog('approve')}>
            {t('record.approve')}
          </Button>
        )}
        {onApproval && (
          <Button color="red.9" variant="outline" onClick={() => setDialog('reject')}>
            {t('record.reject')}
          </Button>
        )}
        {status !== 'NEW' && (
          <Button variant="default" onClick={() => setDialog('request_update')}>
            {t('record.request_update')}
          </Button>
        )}
        {requirements.map((requirement) => (
          <Button key={requirement} variant="default" onClick={() => setDialog(requirement)}>
            {t(`record.${requirement}`)}
          </Button>
        ))}
      </Group>
      {dialog && (
        <ReasonDialog
          title={t(`record.dialog.${dialog}`)}
          confirm={t('record.confirm')}
          confirmColor={dialog === 'reject' ? 'red.9' : dialog === 'approve' ? '#1e6b34' : undefined}
          busy={decide.isPending}
          field={reasonFields[dialog]}
          required={dialog !== 'approve'}
          label={t(dialog === 'approve' ? 'record.reason_optional' : 'record.reason')}
          description={t('record.reason_hint')}
          complete={dialog !== 'request_update' || flags.length > 0}
          onClose={close}
          onSubmit={(reason) => decide.mutate({ action: dialog, reason })}
          footer={
            <>
              {dialog === 'approve' && <Text size="sm">{t('record.approve_note')}</Text>}
              {requirementDialog && (
                <Text size="sm">{t(`record.requirement_note.${requirementDialog}`)}</Text>
              )}
            </>
          }
        >
          {dialog === 'request_update' && (
            <Checkbox.Group label={t('record.flags_label')} value={flags} onChange={setFlags} withAsterisk>
              <Stack gap="xs" mt="xs">
                {UPDATE_FLAGS.map((flag) => (
                  <Checkbox key={flag} value={flag} label={t(`record.flags.${flag}`)} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        </ReasonDialog>
      )}
    </>
  );
}
