import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

export const FILTERS = ['client', 'operator', 'action'] as const;

/** The audit log's search: typed freely, applied (back to the first page) on submit. */
export function AuditSearch() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState(() =>
    Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])),
  );
  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTERS) if (draft[name]?.trim()) next.set(name, draft[name].trim());
    setParams(next);
  };
  return (
    <search aria-label={t('audit.search')}>
      <form onSubmit={search}>
        <Group align="flex-end">
          {FILTERS.map((name) => (
            <TextInput
              key={name}
              label={t(`audit.${name}`)}
              placeholder={t(`audit.${name}_placeholder`)}
              value={draft[name] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDraft((current) => ({ ...current, [name]: value }));
              }}
            />
          ))}
          <Button type="submit">{t('audit.search')}</Button>
        </Group>
      </form>
    </search>
  );
}
