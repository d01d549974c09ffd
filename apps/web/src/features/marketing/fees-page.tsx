import { Anchor, Container, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { useLocalePath } from '../../lib/use-locale';
import { fee, rate, tariff } from './tariff-text';

const REGIONS = ['UK', 'EEA', 'INTERNATIONAL'] as const;
const ACCOUNT_ROWS = ['opening', 'monthly', 'closing', 'reference_letter'] as const;

function AccountFees() {
  const { t } = useTranslation('marketing');
  const byRow = (row: (typeof ACCOUNT_ROWS)[number]) =>
    row === 'reference_letter' ? tariff.reference_letter : tariff.account[row];
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped withTableBorder className="tabular-figures">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('fees.item')}</Table.Th>
            {REGIONS.map((region) => (
              <Table.Th scope="col" key={region} ta="right">
                {t(`fees.regions.${region}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ACCOUNT_ROWS.map((row) => (
            <Table.Tr key={row}>
              <Table.Th scope="row">{t(`fees.rows.${row}`)}</Table.Th>
              {REGIONS.map((region) => (
                <Table.Td key={region} ta="right">
                  {byRow(row)[region] === 0 ? t('fees.free') : fee(byRow(row)[region])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PaymentFees() {
  const { t } = useTranslation('marketing');
  const { incoming, outgoing } = tariff;
  const rows: [string, string][] = [
    [t('fees.sepa'), fee(outgoing.sepa_fixed)],
    [
      t('fees.outgoing_international'),
      t('fees.outgoing_international_value', {
        fixed: fee(outgoing.international.fixed),
        rate: rate(outgoing.international.rate_ppm),
        minimum: fee(outgoing.international.minimum),
      }),
    ],
    [
      t('fees.incoming_eea'),
      t('fees.percent_min', { rate: rate(incoming.eea.rate_ppm), minimum: fee(incoming.eea.minimum) }),
    ],
    [
      t('fees.incoming_international'),
      incoming.international.minimum > 0
        ? t('fees.percent_min', {
            rate: rate(incoming.international.rate_ppm),
            minimum: fee(incoming.international.minimum),
          })
        : t('fees.percent', { rate: rate(incoming.international.rate_ppm) }),
    ],
    [t('fees.high_risk'), t('fees.high_risk_value', { rate: rate(tariff.high_risk_surcharge_ppm) })],
    [t('fees.fx'), t('fees.fx_value', { rate: rate(tariff.fx_markup_ppm) })],
    [t('fees.holding'), t('fees.holding_value', { rate: rate(tariff.holding_fee_ppm_of_average_balance) })],
  ];
  return (
    <Table striped withTableBorder className="tabular-figures">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td ta="right">{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export default function FeesPage() {
  const { t } = useTranslation('marketing');
  const to = useLocalePath();
  usePageTitle(t('fees.title'), t('fees.description'));
  return (
    <Container size="md" py={48}>
      <Stack gap="lg">
        <Title order={1}>{t('fees.title')}</Title>
        <Text fz="lg">{t('fees.intro')}</Text>
        <Title order={2}>{t('fees.account_title')}</Title>
        <AccountFees />
        <Title order={2}>{t('fees.payments_title')}</Title>
        <PaymentFees />
        <Anchor component={Link} to={to('/escrowAccount')}>
          {t('fees.escrow_link')}
        </Anchor>
      </Stack>
    </Container>
  );
}
