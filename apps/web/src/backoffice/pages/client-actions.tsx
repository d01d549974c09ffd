import { type ClientRequirement, clientRequirementRefusal } from '@bluepeak/core/backoffice';
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { backoffice, type ClientDetail } from '../api';
import { showInfo } from '../notify';

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
type Dialog = null | 'approve' | 'reject' | 'request_update' | ClientRequirement;

/** The client's flags, from the record the page has already loaded (same query). */
function useClientFlags(clientId: string) {
  return useQuery({
    queryKey: ['backoffice', 'client', clientId],
    queryFn: ({ signal }) => backoffice<{ data: ClientDetail }>(`/clients/${clientId}`, { signal }),
    select: (answer) => answer.data.client,
  }).data;
}

// A compliance reviewer's decisions on an application: approve, reject with a reason, or ask the
// client to update specific data; and the requirements that force a password change or a new
// identity check (docs/requirements/onboarding.md, redirects 5 and 3). Each asks for confirmation
// and says why.
export function ClientActions({ clientId, status }: { clientId: string; status: string }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const client = useClientFlags(clientId);
  // Offered only when the API would accept it (core's rule, the same the API applies).
  const requirements = REQUIREMENTS.filter(
    (requirement) => client && clientRequirementRefusal(requirement, client) === null,
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [flags, setFlags] = useState<string[]>([]);
  const close = () => {
    setDialog(null);
    setReason('');
    setFlags([]);
  };
  const decide = useMutation({
    mutationFn: (action: Exclude<Dialog, null>) =>
      backoffice(`/clients/${clientId}/${action}`, {
        method: 'POST',
        body:
          action === 'request_update'
            ? { flags, reason: reason.trim() }
            : reason.trim()
              ? { reason: reason.trim() }
              : {},
      }),
    onSuccess: async (_answer, action) => {
      showInfo(t(`record.done.${action}`));
      close();
      await queryClient.invalidateQueries({ queryKey: ['backoffice'] });
    },
  });

  const onApproval = status === 'ON_APPROVAL';
  const reasonTooShort = reason.trim().length < 3;
  const canSubmit =
    dialog === 'approve'
      ? reason.trim() === '' || !reasonTooShort
      : dialog === 'request_update'
        ? !reasonTooShort && flags.length > 0
        : !reasonTooShort;
  const requirementDialog = REQUIREMENTS.find((requirement) => requirement === dialog);

  return (
    <>
      <Group>
        {/* An application waits for a new identity check the officer asked for (API: 409). */}
        {onApproval && !client?.ondato_required && (
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
      <Modal opened={dialog !== null} onClose={close} title={dialog ? t(`record.dialog.${dialog}`) : ''}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (dialog && canSubmit) decide.mutate(dialog);
          }}
        >
          <Stack>
            {dialog === 'request_update' && (
              <Checkbox.Group label={t('record.flags_label')} value={flags} onChange={setFlags} withAsterisk>
                <Stack gap="xs" mt="xs">
                  {UPDATE_FLAGS.map((flag) => (
                    <Checkbox key={flag} value={flag} label={t(`record.flags.${flag}`)} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            <Textarea
              label={t(dialog === 'approve' ? 'record.reason_optional' : 'record.reason')}
              description={t('record.reason_hint')}
              required={dialog !== 'approve'}
              minRows={3}
              maxLength={1000}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            {dialog === 'approve' && <Text size="sm">{t('record.approve_note')}</Text>}
            {requirementDialog && <Text size="sm">{t(`record.requirement_note.${requirementDialog}`)}</Text>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button
                type="submit"
                color={dialog === 'reject' ? 'red.9' : dialog === 'approve' ? '#1e6b34' : undefined}
                loading={decide.isPending}
                disabled={!canSubmit}
              >
                {t('record.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** Approve or reject one identity check (documents and selfie). */
export function IdentificationActions({ submissionId }: { submissionId: string }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (verdict: 'approve' | 'reject') =>
      backoffice(`/identifications/${submissionId}/${verdict}`, {
        method: 'POST',
        body: verdict === 'reject' ? { reason: reason.trim() } : {},
      }),
    onSuccess: async (_answer, verdict) => {
      showInfo(t(`record.done.identification_${verdict}`));
      setRejecting(false);
      await queryClient.invalidateQueries({ queryKey: ['backoffice'] });
    },
  });
  return (
    <>
      <Group gap="xs">
        <Button size="xs" color="#1e6b34" loading={decide.isPending} onClick={() => decide.mutate('approve')}>
          {t('record.approve_identification')}
        </Button>
        <Button size="xs" color="red.9" variant="outline" onClick={() => setRejecting(true)}>
          {t('record.reject_identification')}
        </Button>
      </Group>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t('record.reject_identification')}>
        <Stack>
          <Textarea
            label={t('record.reason')}
            required
            minRows={3}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(false)}>
              {t('cancel')}
            </Button>
            <Button
              color="red.9"
              disabled={reason.trim().length < 3}
              loading={decide.isPending}
              onClick={() => decide.mutate('reject')}
            >
              {t('record.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
