import type { RelatedPersonAnswer } from '@bluepeak/core/settings';
import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../components/status-badge';
import { codeNames } from '../../lib/code-names';
import { PersonLink } from './person-link';
import { RemoveDialog } from './remove-dialog';
import { removeRelatedPerson } from './settings-api';
import { SettingsFrame } from './settings-frame';

// /dashboard/settings/related-persons (docs/requirements/settings.md): the company's directors,
// owners and signatories; each is complete with an address and an identity document, and one who
// owns no shares and is not the last director can be removed.
export default function RelatedPersonsPage() {
  const { t } = useTranslation('settings');
  const [removing, setRemoving] = useState<RelatedPersonAnswer | null>(null);
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
                        <PersonLink person={person} />
                        <Text size="xs" c="dimmed">
                          {codeNames(person.roles)} · {person.ownership_percent}%
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="wrap">
                          <StatusBadge status={person.complete ? 'completed' : 'rejected'}>
                            {t(person.complete ? 'company.persons.complete' : 'company.persons.incomplete')}
                          </StatusBadge>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            aria-label={t('company.remove.person_label', {
                              name: `${person.first_name} ${person.last_name}`,
                            })}
                            onClick={() => setRemoving(person)}
                          >
                            {t('company.remove.action')}
                          </Button>
                        </Group>
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
          {removing && (
            <RemoveDialog
              title={t('company.remove.person_title')}
              question={t('company.remove.person_question', {
                name: `${removing.first_name} ${removing.last_name}`,
              })}
              remove={() => removeRelatedPerson(removing.id)}
              onClose={() => setRemoving(null)}
            />
          )}
        </>
      )}
    </SettingsFrame>
  );
}
