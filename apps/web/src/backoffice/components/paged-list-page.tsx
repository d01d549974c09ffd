import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { usePageTitle } from '../../components/use-page-title';
import type { Page } from '../lib/api';
import { LoadFailed } from './load-failed';
import { PageNav } from './page-nav';

export type PagedListPageProps<T> = {
  title: string;
  /** Text under the title, and the list's filters (tabs, search), in that order. */
  intro?: string;
  filters?: ReactNode;
  list: UseQueryResult<Page<T>>;
  page: number;
  empty: string;
  /** The table: its header cells, one row per item (a `Table.Tr` with its key). */
  head: ReactNode;
  row: (item: T) => ReactNode;
  minWidth: number;
  testId?: string;
  highlightOnHover?: boolean;
  loadingHeight?: number;
  /** What to say above and below the table (a total, say) once a page has loaded. */
  above?: (page: Page<T>) => ReactNode;
  below?: (page: Page<T>) => ReactNode;
};

// A back-office page that lists one page of a queue at a time: its title (also the tab's),
// its filters, then loading, failure, "nothing here" or the table with the pages under it.
export function PagedListPage<T>(props: PagedListPageProps<T>) {
  const { t } = useTranslation('backoffice');
  const { list } = props;
  usePageTitle(props.title, undefined, null);
  return (
    <Stack>
      <Title order={1}>{props.title}</Title>
      {props.intro && (
        <Text size="sm" c="dimmed">
          {props.intro}
        </Text>
      )}
      {props.filters}
      {list.isPending && <Skeleton role="status" h={props.loadingHeight ?? 160} aria-label={t('loading')} />}
      {list.isError && <LoadFailed onRetry={() => void list.refetch()} />}
      {list.isSuccess && list.data.data.length === 0 && <Alert color="gray">{props.empty}</Alert>}
      {list.isSuccess && list.data.data.length > 0 && (
        <>
          {props.above?.(list.data)}
          <DataTable
            minWidth={props.minWidth}
            striped
            highlightOnHover={props.highlightOnHover ?? true}
            data-testid={props.testId}
            head={props.head}
          >
            {list.data.data.map(props.row)}
          </DataTable>
          {props.below?.(list.data)}
          <PageNav total={list.data.meta.total_pages} page={props.page} />
        </>
      )}
    </Stack>
  );
}
