import { contactsSchema, type SettingsAnswer } from '@bluepeak/core/settings';
import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveBar } from '../../components/save-bar';
import { saveSettings, settingsQuery } from '../../lib/queries/settings';
import { useSettingsForm } from '../../lib/use-settings-form';

// The company's contact persons on the Contacts page (docs/requirements/settings.md): whom we
// contact about the account, each with an e-mail and, if given, a phone; saved all together
// with PUT /client/settings/contacts, at least one.
type Contact = SettingsAnswer['contacts'][number];
type Row = Contact & { key: string };
const FIELDS = ['name', 'role', 'email', 'phone'] as const;
let nextKey = 0;
const row = (contact: Contact): Row => ({ ...contact, key: `contact-${nextKey++}` });

export function ContactPersonsCard() {
  const { t } = useTranslation('settings');
  const settings = useQuery(settingsQuery);
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('contacts.people_title')}
        </Title>
        <Text size="sm">{t('contacts.people_intro')}</Text>
        {settings.data ? (
          <ContactsForm saved={settings.data.contacts} />
        ) : (
          <Loader aria-label={t('company.loading')} />
        )}
      </Stack>
    </Card>
  );
}

function ContactsForm({ saved }: { saved: Contact[] }) {
  const { t } = useTranslation('settings');
  const [rows, setRows] = useState<Row[]>(() =>
    (saved.length > 0 ? saved : [{ name: '', email: '' }]).map(row),
  );
  // An empty optional field is left out, never sent as "".
  const body = () =>
    rows.map(({ key: _, ...contact }) =>
      Object.fromEntries(Object.entries(contact).filter(([, value]) => value !== '')),
    );
  const { mutation, submit, message, errors } = useSettingsForm(contactsSchema, body, (value) =>
    saveSettings('contacts', value),
  );
  const change = (index: number, field: (typeof FIELDS)[number], value: string) =>
    setRows((current) => current.map((each, at) => (at === index ? { ...each, [field]: value } : each)));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {rows.map((contact, index) => (
          <Stack key={contact.key} gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {FIELDS.map((field) => (
                <TextInput
                  key={field}
                  label={t(`contacts.${field}`)}
                  value={contact[field] ?? ''}
                  onChange={(event) => change(index, field, event.currentTarget.value)}
                  error={errors[`${index}.${field}`]}
                  required={field === 'name' || field === 'email'}
                  type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                />
              ))}
            </SimpleGrid>
            {rows.length > 1 && (
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
                >
                  {t('contacts.remove', { number: index + 1 })}
                </Button>
              </Group>
            )}
          </Stack>
        ))}
        {rows.length < 10 && (
          <Button
            variant="default"
            w="fit-content"
            onClick={() => setRows((current) => [...current, row({ name: '', email: '' })])}
          >
            {t('contacts.add')}
          </Button>
        )}
        <SaveBar message={message} saved={mutation.isSuccess} pending={mutation.isPending} />
      </Stack>
    </form>
  );
}
