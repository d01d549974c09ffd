import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Skeleton,
  Stack,
  Table,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-date';
import { backoffice, type OperatorSummary, useMe } from '../api';
import { LoadFailed } from '../components/load-failed';
import { RequirePermission } from '../layout';
import { showInfo } from '../notify';

const ROLES = ['compliance', 'payments', 'support', 'admin'] as const;

// Operator management for administrators (docs/requirements/back-office.md): list, invite with
// roles (the invitee chooses the password and enrols the authenticator from the e-mailed link, so
// no administrator ever holds another operator's factors), deactivate with a reason.
export default function OperatorsPage() {
  return (
    <RequirePermission needs="manageOperators">
      <Operators />
    </RequirePermission>
  );
}

function Operators() {
  const { t } = useTranslation('backoffice');
  const me = useMe();
  const [creating, setCreating] = useState(false);
  const [deactivating, setDeactivating] = useState<OperatorSummary | null>(null);
  useEffect(() => {
    document.title = t('operators.title');
  }, [t]);
  const operators = useQuery({
    queryKey: ['backoffice', 'operators'],
    queryFn: ({ signal }) => backoffice<{ data: OperatorSummary[] }>('/operators', { signal }),
    select: (answer) => answer.data,
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('operators.title')}</Title>
        <Button onClick={() => setCreating(true)}>{t('operators.create')}</Button>
      </Group>
      {operators.isPending && <Skeleton role="status" h={200} aria-label={t('loading')} />}
      {operators.isError && <LoadFailed onRetry={() => void operators.refetch()} />}
      {operators.data && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('operators.name')}</Table.Th>
                <Table.Th>{t('operators.email')}</Table.Th>
                <Table.Th>{t('operators.roles')}</Table.Th>
                <Table.Th>{t('operators.second_factor')}</Table.Th>
                <Table.Th>{t('operators.state')}</Table.Th>
                <Table.Th>{t('operators.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {operators.data.map((operator) => (
                <Table.Tr key={operator.id}>
                  <Table.Td>{operator.name}</Table.Td>
                  <Table.Td>{operator.email}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {operator.roles.map((role) => (
                        <Badge key={role} variant="outline" size="sm">
                          {t(`roles.${role}` as 'roles.admin')}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>{t(`operators.factor.${operator.second_factor}`)}</Table.Td>
                  <Table.Td>
                    {operator.active && operator.invitation_pending ? (
                      <Badge color="yellow.9">{t('operators.invitation_pending')}</Badge>
                    ) : operator.active ? (
                      <Badge color="#1e6b34">{t('operators.active')}</Badge>
                    ) : (
                      <Badge color="gray.7">
                        {t('operators.deactivated')}{' '}
                        {operator.disabled_at && formatDateTime(operator.disabled_at)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {operator.active && operator.id !== me.data?.id && (
                      <Button
                        size="xs"
                        color="red.9"
                        variant="outline"
                        onClick={() => setDeactivating(operator)}
                      >
                        {t('operators.deactivate')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateOperator opened={creating} onClose={() => setCreating(false)} />
      <DeactivateOperator operator={deactivating} onClose={() => setDeactivating(null)} />
    </Stack>
  );
}

function CreateOperator({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ email: '', name: '' });
  const [roles, setRoles] = useState<string[]>([]);
  const [invited, setInvited] = useState<{ email: string; expires_at: string } | null>(null);
  const create = useMutation({
    mutationFn: () =>
      backoffice<{ data: { operator: OperatorSummary; invitation: { expires_at: string } } }>('/operators', {
        method: 'POST',
        body: { ...form, roles },
      }),
    onSuccess: async (answer) => {
      setInvited({ email: answer.data.operator.email, expires_at: answer.data.invitation.expires_at });
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'operators'] });
    },
  });
  const close = () => {
    setForm({ email: '', name: '' });
    setRoles([]);
    setInvited(null);
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
    },
  });
  return (
    <Modal opened={opened} onClose={close} title={t('operators.create')} size="lg">
      {invited ? (
        <Stack>
          <Alert color="green" data-testid="invitation-sent">
            {t('operators.invitation_sent', {
              email: invited.email,
              expires: formatDateTime(invited.expires_at),
            })}
          </Alert>
          <Button onClick={close}>{t('operators.done')}</Button>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <TextInput label={t('operators.name')} required maxLength={140} {...field('name')} />
            <TextInput label={t('operators.email')} type="email" required {...field('email')} />
            <Checkbox.Group label={t('operators.roles')} value={roles} onChange={setRoles} withAsterisk>
              <Stack gap="xs" mt="xs">
                {ROLES.map((role) => (
                  <Checkbox
                    key={role}
                    value={role}
                    label={`${t(`roles.${role}`)}: ${t(`role_description.${role}`)}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} disabled={roles.length === 0}>
                {t('operators.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function DeactivateOperator({
  operator,
  onClose,
}: {
  operator: OperatorSummary | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const deactivate = useMutation({
    mutationFn: (id: string) =>
      backoffice(`/operators/${id}/deactivate`, { method: 'POST', body: { reason: reason.trim() } }),
    onSuccess: async () => {
      showInfo(t('operators.deactivated_done'));
      setReason('');
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['backoffice', 'operators'] });
    },
  });
  return (
    <Modal
      opened={operator !== null}
      onClose={onClose}
      title={t('operators.deactivate_title', { email: operator?.email ?? '' })}
    >
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
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            color="red.9"
            disabled={reason.trim().length < 3}
            loading={deactivate.isPending}
            onClick={() => operator && deactivate.mutate(operator.id)}
          >
            {t('operators.deactivate')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
