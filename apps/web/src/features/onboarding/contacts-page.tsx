import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { useClient } from '../../lib/client-session';
import { OnboardingPage } from './onboarding-page';
import { ContactPersonsCard } from './settings/contact-persons-card';

// /dashboard/settings/contacts, the Settings tile and the verification menu's "Contacts"
// (docs/requirements/settings.md, "Contacts"): the e-mail and phone the client logs in with and
// their checks, for a company the people we contact, and how to reach us. The e-mail and phone
// change only on a request in Messages; how log-in codes arrive is on the Security page.
export default function ContactsPage() {
  const { t } = useTranslation('onboarding');
  const client = useClient();
  return (
    <OnboardingPage title={t('contacts.title')}>
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('contacts.yours')}
          </Title>
          <Group gap="xs">
            <Text fw={600}>{t('contacts.email')}</Text>
            <Text style={{ overflowWrap: 'anywhere' }}>{client.email}</Text>
            <Badge variant="light" color={client.email_confirmed ? 'green' : 'gray'}>
              {client.email_confirmed ? t('contacts.confirmed') : t('contacts.not_confirmed')}
            </Badge>
          </Group>
          <Group gap="xs">
            <Text fw={600}>{t('contacts.phone')}</Text>
            <Text className="tabular-figures">{client.phone}</Text>
            <Badge variant="light" color={client.phone_verified ? 'green' : 'gray'}>
              {client.phone_verified ? t('contacts.verified') : t('contacts.not_verified')}
            </Badge>
          </Group>
          {!client.phone_verified && (
            <Anchor component={Link} to="/dashboard/phone-verification" w="fit-content">
              {t('contacts.verify_phone')}
            </Anchor>
          )}
          <Text size="sm" c="dimmed">
            {t('contacts.change_text')}{' '}
            <Anchor component={Link} to="/dashboard/tickets/new">
              {t('contacts.change_link')}
            </Anchor>
          </Text>
        </Stack>
      </Card>
      {client.type === 'CORPORATE' && <ContactPersonsCard />}
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('contacts.ours')}
          </Title>
          <Anchor href={`mailto:${brand.support_email}`}>{brand.support_email}</Anchor>
          <Anchor href={`tel:${brand.support_phone.replace(/\s/g, '')}`}>{brand.support_phone}</Anchor>
        </Stack>
      </Card>
      <Anchor component={Link} to="/dashboard/settings/security" size="sm">
        {t('contacts.security_link')}
      </Anchor>
    </OnboardingPage>
  );
}
