import { Badge, Button, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format-date';
import { useMe } from '../../lib/api';
import type { OperatorSummary } from './api';

/** Every operator with their roles and state; any active one but oneself can be deactivated. */
export function OperatorsTable({
  operators,
  onDeactivate,
}: {
  operators: OperatorSummary[];
  onDeactivate: (operator: OperatorSummary) => void;
}) {
  const { t } = useTranslation('backoffice');
  const me = useMe();
  return (
    <DataTable
      minWidth={720}
      striped
      head={
        <>
          <Table.Th>{t('operators.name')}</Table.Th>
          <Table.Th>{t('operators.email')}</Table.Th>
          <Table.Th>{t('operators.roles')}</Table.Th>
          <Table.Th>{t('operators.second_factor')}</Table.Th>
          <Table.Th>{t('operators.state')}</Table.Th>
          <Table.Th>{t('operators.actions')}</Table.Th>
        </>
      }
    >
      {operators.map((operator) => (
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
            <OperatorState operator={operator} />
          </Table.Td>
          <Table.Td>
            {operator.active && operator.id !== me.data?.id && (
              <Button size="xs" color="red.9" variant="outline" onClick={() => onDeactivate(operator)}>
                {t('operators.deactivate')}
              </Button>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

function OperatorState({ operator }: { operator: OperatorSummary }) {
  const { t } = useTranslation('backoffice');
  if (operator.active && operator.invitation_pending)
    return <Badge color="yellow.9">{t('operators.invitation_pending')}</Badge>;
  if (operator.active) return <Badge color="#1e6b34">{t('operators.active')}</Badge>;
  return (
    <Badge color="gray.7">
      {t('operators.deactivated')} {operator.disabled_at && formatDateTime(operator.disabled_at)}
    </Badge>
  );
}
