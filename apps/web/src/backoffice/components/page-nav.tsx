import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** Pages of a list, kept in the `page` query parameter beside the list's other filters. */
export function PageNav({ total, page }: { total: number; page: number }) {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  if (total <= 1) return null;
  return (
    <Pagination
      total={total}
      value={page}
      onChange={(next) => {
        const nextParams = new URLSearchParams(params);
        nextParams.set('page', String(next));
        setParams(nextParams);
      }}
      getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
    />
  );
}
