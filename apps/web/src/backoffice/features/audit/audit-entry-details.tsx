import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditLogPage } from './api';
import { auditDetailLines } from './audit-details';

type Entry = AuditLogPage['data'][number];

/** An entry's details as label and value lines (audit-details.ts), or a dash when it has none. */
export function AuditEntryDetails({ entry }: { entry: Entry }) {
  const { t } = useTranslation('backoffice');
  const lines = auditDetailLines(entry.details, entry.labels, (key, options) =>
    t(key as 'audit.yes', options),
  );
  if (lines.length === 0) return '–';
  return (
    <dl className="audit-details" style={{ margin: 0 }}>
      {lines.map((line) => (
        <Text key={line.key} size="xs" component="div" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="xs" c="dimmed" component="dt" display="inline">
            {line.label}:
          </Text>{' '}
          <Text span size="xs" component="dd" display="inline" m={0}>
            {line.value}
          </Text>
        </Text>
      ))}
    </dl>
  );
}

/** Who acted, in words: an operator or a client by e-mail, else the kind of actor. */
export function auditActorText(entry: Entry, t: (key: string, options: { defaultValue: string }) => string) {
  const kind = t(`audit.actors.${entry.actor_type}`, { defaultValue: entry.actor_type });
  const who = entry.actor_label ?? entry.actor_id;
  return who ? `${kind}: ${who}` : kind;
}

/** What the entry is about, in words: its kind, then its name (an account's, a person's e-mail) or id. */
export function auditObjectText(entry: Entry, t: (key: string, options: { defaultValue: string }) => string) {
  if (!entry.object_type) return '–';
  const kind = t(`audit.objects.${entry.object_type}`, { defaultValue: entry.object_type });
  const which = entry.object_label ?? entry.object_id;
  return which ? `${kind}: ${which}` : kind;
}
