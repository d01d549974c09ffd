import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SettingsFrame } from './settings-frame';

// /dashboard/settings/related-persons (docs/requirements/settings.md): the company's directors,
// owners and signatories; each is complete with an address and an identity document.
export default function RelatedPersonsPage() {
  const { t } = useTranslation('settings');
  return (
    <SettingsFrame title={t('company.persons.title')}>
      {(settings) => (
        <>
          {settings.related_persons.length === 0 ? (
            <Text>{t('company.persons.none')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table aria-label={t('company.persons.title')}>
                <Table.Tbody>
                  {settings.related_persons.map((person) => (
                    <Table.Tr key={person.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/dashboard/settings/related-persons/${person.id}`}>
                          {person.first_name} {person.last_name}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {person.roles.join(', ')} · {person.ownership_percent}%
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={person.complete ? 'green' : 'red'}>
                          {t(person.complete ? 'company.persons.complete' : 'company.persons.incomplete')}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Button component={Link} to="/dashboard/settings/related-persons/new" w="fit-content">
            {t('company.persons.add')}
          </Button>
        </>
      )}
    </SettingsFrame>
  );
}
