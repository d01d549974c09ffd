import { Container, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../components/use-page-title';
import { fee, rate, tariff } from './tariff-text';

export default function EscrowPage() {
  const { t } = useTranslation('marketing');
  usePageTitle(t('escrow.title'), t('escrow.description'));
  const { escrow } = tariff;
  const orFree = (amount: number) => (amount === 0 ? t('escrow.free') : fee(amount));
  const rows: [string, string, string][] = [
    [
      t('escrow.rows.opening'),
      t('escrow.opening_value', {
        rate: rate(escrow.opening.rate_ppm),
        minimum: fee(escrow.opening.minimum_standard),
      }),
      t('escrow.opening_value', {
        rate: rate(escrow.opening.rate_ppm),
        minimum: fee(escrow.opening.minimum_non_standard),
      }),
    ],
    [
      t('escrow.rows.document_verification'),
      fee(escrow.document_verification),
      fee(escrow.document_verification),
    ],
    [t('escrow.rows.servicing'), orFree(escrow.servicing.standard), orFree(escrow.servicing.non_standard)],
    [t('escrow.rows.changes'), fee(escrow.changes.standard), fee(escrow.changes.non_standard)],
  ];
  return (
    <Container size="md" py={48}>
      <Stack gap="lg">
        <Title order={1}>{t('escrow.title')}</Title>
        <Text fz="lg">{t('escrow.intro')}</Text>
        <Title order={2}>{t('escrow.fees_title')}</Title>
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder className="tabular-figures">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('fees.item')}</Table.Th>
                <Table.Th scope="col">{t('escrow.standard')}</Table.Th>
                <Table.Th scope="col">{t('escrow.non_standard')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(([label, standard, nonStandard]) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row">{label}</Table.Th>
                  <Table.Td>{standard}</Table.Td>
                  <Table.Td>{nonStandard}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Container>
  );
}
