import type { ContactKind } from '@bluepeak/core/auth';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { useClient } from '../../lib/client-session';
import { ContactChangeDialog } from './contact-change-dialog';
import { ContactPersonsCard } from './contact-persons-card';
import { OnboardingPage } from './onboarding-page';

// /dashboard/settings/contacts, the Settings tile and the verification menu's "Contacts"
// (docs/requirements/settings.md, "Contacts"): the e-mail and phone the client logs in with and
// their checks, each with a Change button (the change needs step-up and a code sent to the new
// value, contact-change-dialog.tsx), for a company the people we contact, and how to reach us.
// How log-in codes arrive is on the Security page.
export default function ContactsPage() {
  const { t } = useTranslation('onboarding');
  const client = useClient();
  const [changing, setChanging] = useState<ContactKind>();
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
            <Badge variant="outline" color={client.email_confirmed ? 'teal.9' : 'gray.7'}>
              {client.email_confirmed ? t('contacts.confirmed') : t('contacts.not_confirmed')}
            </Badge>
            <ChangeButton label={t('contacts.change.email.button')} onClick={() => setChanging('email')} />
          </Group>
          <Group gap="xs">
            <Text fw={600}>{t('contacts.phone')}</Text>
            <Text className="tabular-figures">{client.phone}</Text>
            <Badge variant="outline" color={client.phone_verified ? 'teal.9' : 'gray.7'}>
              {client.phone_verified ? t('contacts.verified') : t('contacts.not_verified')}
            </Badge>
            {client.phone_verified && (
              <ChangeButton label={t('contacts.change.phone.button')} onClick={() => setChanging('phone')} />
            )}
          </Group>
          {!client.phone_verified && (
            <Anchor component={Link} to="/dashboard/phone-verification" w="fit-content">
              {t('contacts.verify_phone')}
            </Anchor>
          )}
          <Text size="sm" c="dimmed">
            {t('contacts.change_text')}
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
      {changing && <ContactChangeDialog kind={changing} onClose={() => setChanging(undefined)} />}
    </OnboardingPage>
  );
}

/** "Change", named in full for screen readers (the name starts with the words on screen). */
function ChangeButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation('onboarding');
  return (
    <Button size="compact-sm" variant="light" onClick={onClick} aria-label={label} aria-haspopup="dialog">
      {t('contacts.change.button')}
    </Button>
  );
}
