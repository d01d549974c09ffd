import {
  type RelatedClient,
  relatedClientBodySchema,
  relatedClientRelationships,
} from '@bluepeak/core/settings';
import { Button, Card, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { SaveBar } from './save-bar';
import { linkRelatedClient, relatedClientsQuery } from './settings-api';
import { SettingsFrame } from './settings-frame';
import { useSettingsForm } from './use-settings-form';

// /dashboard/settings/related-clients and /new (docs/requirements/settings.md): the other clients
// of ours this client is related to, and one more linked by its e-mail or its account.
export default function RelatedClientsPage() {
  const { t } = useTranslation('settings');
  const adding = useLocation().pathname.endsWith('/new');
  return (
    <SettingsFrame title={t(adding ? 'company.related_clients.new_title' : 'company.related_clients.title')}>
      {() => (adding ? <LinkForm /> : <LinkList />)}
    </SettingsFrame>
  );
}

function LinkList() {
  const { t } = useTranslation('settings');
  const links = useQuery(relatedClientsQuery);
  if (links.isError) {
    return (
      <LoadFailedAlert
        title={t('company.load_failed')}
        retryLabel={t('company.retry')}
        onRetry={() => void links.refetch()}
      />
    );
  }
  return (
    <>
      {links.data?.length === 0 && <Text>{t('company.related_clients.none')}</Text>}
      {!!links.data?.length && (
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={t('company.related_clients.title')}>
            <Table.Tbody>
              {links.data.map((link: RelatedClient) => (
                <Table.Tr key={link.id}>
                  <Table.Td>{link.name}</Table.Td>
                  <Table.Td>{t(`company.related_clients.relationships.${link.relationship}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Button component={Link} to="/dashboard/settings/related-clients/new" w="fit-content">
        {t('company.related_clients.add')}
      </Button>
    </>
  );
}

function LinkForm() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const [kind, setKind] = useState<'email' | 'account'>('email');
  const [value, setValue] = useState('');
  const [relationship, setRelationship] = useState<string | null>(null);
  const { mutation, submit, message, errors } = useSettingsForm(
    relatedClientBodySchema,
    () => ({ relationship, find_by: kind === 'email' ? { kind, email: value } : { kind, account: value } }),
    linkRelatedClient,
    () => void navigate('/dashboard/settings/related-clients'),
  );
  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SegmentedControl
            aria-label={t('company.related_clients.find_by')}
            value={kind}
            onChange={(next) => setKind(next as 'email' | 'account')}
            data={[
              { value: 'email', label: t('company.related_clients.by_email') },
              { value: 'account', label: t('company.related_clients.by_account') },
            ]}
          />
          <TextInput
            label={t(kind === 'email' ? 'company.related_clients.email' : 'company.related_clients.account')}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={errors[`find_by.${kind}`]}
            required
          />
          <Select
            label={t('company.related_clients.relationship')}
            data={relatedClientRelationships.map((code) => ({
              value: code,
              label: t(`company.related_clients.relationships.${code}`),
            }))}
            value={relationship}
            onChange={setRelationship}
            error={errors.relationship}
            required
          />
          <SaveBar message={message} saved={false} pending={mutation.isPending} />
        </Stack>
      </form>
    </Card>
  );
}
