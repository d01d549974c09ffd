import {
  type RelatedClient,
  relatedClientBodySchema,
  relatedClientRelationships,
} from '@bluepeak/core/settings';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { SaveBar } from '../../components/save-bar';
import { formatDate } from '../../lib/format-date';
import { useSettingsForm } from '../../lib/use-settings-form';
import { linkRelatedClient, relatedClientQuery, relatedClientsQuery } from './settings-api';
import { SettingsFrame } from './settings-frame';

// /dashboard/settings/related-clients, /new and /{id} (docs/requirements/settings.md): the other
// clients of ours this client named, each as it was declared, and one more named by its e-mail
// or its account. The answer never says whether a client of ours matched.
export default function RelatedClientsPage() {
  const { t } = useTranslation('settings');
  const adding = useLocation().pathname.endsWith('/new');
  const { id } = useParams();
  const title = adding ? 'new_title' : id ? 'detail_title' : 'title';
  return (
    <SettingsFrame title={t(`company.related_clients.${title}`)}>
      {() => (adding ? <LinkForm /> : id ? <LinkDetail id={id} /> : <LinkList />)}
    </SettingsFrame>
  );
}

function LinkDetail({ id }: { id: string }) {
  const { t } = useTranslation('settings');
  const link = useQuery({ ...relatedClientQuery(id), meta: { silent: true } });
  if (link.isError) return <Alert color="red">{t('company.related_clients.not_found')}</Alert>;
  if (!link.data) return <Loader aria-label={t('company.loading')} />;
  const rows: [string, string][] = [
    [t(`company.related_clients.by_${link.data.declared_by}`), link.data.declared],
    [
      t('company.related_clients.relationship'),
      t(`company.related_clients.relationships.${link.data.relationship}`),
    ],
    [t('company.related_clients.named_on'), formatDate(link.data.created_at)],
  ];
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        {rows.map(([label, value]) => (
          <Group key={label} gap="xs" wrap="wrap">
            <Text fw={600}>{label}:</Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{value}</Text>
          </Group>
        ))}
        <Text size="sm" c="dimmed">
          {t('company.related_clients.privacy')}
        </Text>
        <Anchor component={Link} to="/dashboard/settings/related-clients" size="sm">
          {t('company.related_clients.back')}
        </Anchor>
      </Stack>
    </Card>
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
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={`/dashboard/settings/related-clients/${link.id}`}>
                      {link.declared}
                    </Anchor>
                  </Table.Td>
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
          <Text size="sm">{t('company.related_clients.privacy')}</Text>
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
