import { isProfileComplete } from '@bluepeak/core/onboarding';
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { useClient } from '../../lib/client-session';
import { ReferenceLetters } from './reference-letters';

// /dashboard/settings (docs/requirements/onboarding.md): where a client finds every page about its
// profile and its account. An item that needs the client's action says so in words, not by colour
// alone, so the sidebar's red mark always leads somewhere (an incomplete profile, a data update).
type SettingsItem = { key: string; to: string; attention?: boolean };

function settingsItems(client: ReturnType<typeof useClient>): SettingsItem[] {
  const business = client.type === 'CORPORATE';
  const items: SettingsItem[] = [];
  if (client.client_data_update_required)
    items.push({ key: 'update_info', to: '/dashboard/update-info', attention: true });
  items.push({ key: 'contacts', to: '/dashboard/settings/contacts' });
  items.push({ key: 'security', to: '/dashboard/settings/security' });
  items.push({ key: 'password', to: '/dashboard/password-change' });
  items.push({ key: 'identification', to: '/dashboard/settings/identification' });
  items.push({ key: 'identification_documents', to: '/dashboard/settings/identification-documents' });
  if (business) {
    // Each page of the company's profile, marked while its compliance flag is unset.
    const company: [string, string, boolean][] = [
      ['client_info', 'client-info', client.has_client_info],
      ['addresses', 'addresses', client.has_legal_address],
      ['activity_types', 'activity-types', client.has_activity_type],
      ['company_structure', 'company-structure', client.has_company_structure],
      ['related_persons', 'related-persons', true],
      ['partners_incoming', 'partners/incoming', client.has_incoming_partner],
      ['partners_outgoing', 'partners/outgoing', client.has_outgoing_partner],
      ['partners_new', 'partners/new', true],
      ['documents', 'documents', client.has_document],
    ];
    for (const [key, path, present] of company) {
      items.push({ key, to: `/dashboard/settings/${path}`, attention: !present });
    }
    if (client.status === 'VERIFIED' && !isProfileComplete(client))
      items.push({ key: 'company', to: '/dashboard/verification', attention: true });
  } else {
    items.push({ key: 'address', to: '/dashboard/address', attention: !client.has_legal_address });
    items.push({ key: 'addresses', to: '/dashboard/settings/addresses' });
  }
  items.push({ key: 'related_clients', to: '/dashboard/settings/related-clients' });
  items.push({ key: 'deactivation', to: '/dashboard/settings/account-deactivation' });
  return items;
}

export default function SettingsPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('index.title'));
  const client = useClient();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('index.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {settingsItems(client).map((item) => (
          <li key={item.key}>
            <UnstyledButton component={Link} to={item.to} w="100%" h="100%">
              <Card withBorder padding="lg" h="100%">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={700}>{t(`index.items.${item.key}.title`)}</Text>
                  {item.attention && (
                    <Badge color="red" variant="filled">
                      {t('index.action_needed')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" mt={4}>
                  {t(`index.items.${item.key}.text`)}
                </Text>
              </Card>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
      {client.status === 'APPROVED' && <ReferenceLetters />}
    </Stack>
  );
}
