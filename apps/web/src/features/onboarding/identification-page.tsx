import { calendarDaySchema, identificationSchema, identityDateProblems } from '@bluepeak/core/onboarding';
import { identificationDocumentTypes } from '@bluepeak/core/reference';
import { Alert, Badge, Button, Card, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemMessage } from '../../lib/api-error-message';
import { clientDataQuery, clientQueryKeys, useClient } from '../../lib/client-session';
import { translateValidation } from '../../lib/form-errors';
import { formatDate } from '../../lib/format-date';
import { identificationQuery, submitIdentification } from './api';
import { toAttachment } from './file-attachment';
import { FilePicker } from './file-picker';
import { OnboardingPage } from './onboarding-page';
import { useNextStep } from './use-onboarding';

type Side = 'front' | 'back' | 'selfie';

const REVIEW_POLL_MS = 10_000;

// /dashboard/identification and /dashboard/settings/identification (forced redirects 2 and 3):
// the document's front (and back, except a passport) and a selfie, reviewed by an operator.
// While a review is open the page checks for the decision, so the next step follows by itself.
export default function IdentificationPage() {
  const { t } = useTranslation('onboarding');
  const client = useClient();
  const next = useNextStep();
  const queryClient = useQueryClient();
  const submissions = useQuery(identificationQuery);
  const pending = client.ondato_has_active_identification;
  // The decision arrives by the operator: look again every few seconds while it is open.
  useQuery({ ...clientDataQuery, refetchInterval: pending ? REVIEW_POLL_MS : false });
  const decided = !pending && !client.ondato_required;
  // An operator asked for a new check after an approved one: the old approval is not the news.
  const latest = submissions.data?.[0];
  const checkAgain = client.ondato_required && !pending && latest?.status === 'APPROVED';

  return (
    <OnboardingPage title={t('identification.title')} intro={t('identification.intro')}>
      {submissions.isPending && <Loader aria-label={t('identification.loading')} />}
      {checkAgain && <Alert color="yellow">{t('identification.check_again')}</Alert>}
      {(checkAgain ? [] : (submissions.data ?? []).slice(0, 1)).map((submission) => (
        <Alert
          key={submission.id}
          color={
            submission.status === 'REJECTED' ? 'red' : submission.status === 'APPROVED' ? 'green' : 'blue'
          }
        >
          <Group gap="xs">
            <Badge variant="light">{t(`identification.status.${submission.status}`)}</Badge>
            <Text size="sm">{formatDate(submission.created_at)}</Text>
          </Group>
          <Text size="sm" mt={4}>
            {t(`identification.explain.${submission.status}`)}
          </Text>
          {submission.decision_reason && (
            <Text size="sm" mt={4}>
              {t('identification.reason', { reason: submission.decision_reason })}
            </Text>
          )}
        </Alert>
      ))}
      {decided && (
        <Button w="fit-content" onClick={() => void next()}>
          {t('identification.continue')}
        </Button>
      )}
      {!pending && !decided && (
        <UploadForm
          onDone={async () => {
            await queryClient.invalidateQueries({ queryKey: clientQueryKeys.all });
          }}
        />
      )}
    </OnboardingPage>
  );
}

const DATE_FIELDS = ['date_of_birth', 'document_expires_on'] as const;
// core's rules speak English; each of their messages has a text in every language.
const DATE_PROBLEM_KEYS: Record<string, string> = {
  'This date of birth is not possible': 'dob_impossible',
  'You must be at least 18 years old to open an account': 'dob_minor',
  'This document has expired; please use a valid one': 'document_expired',
};
type DateField = (typeof DATE_FIELDS)[number];

function UploadForm({ onDone }: { onDone: () => Promise<void> }) {
  const { t } = useTranslation('onboarding');
  const [documentType, setDocumentType] = useState<string>('PASSPORT');
  const [files, setFiles] = useState<Record<Side, File | null>>({ front: null, back: null, selfie: null });
  const [dates, setDates] = useState({ date_of_birth: '', document_expires_on: '' });
  const [errors, setErrors] = useState<Partial<Record<Side | DateField | 'form', string>>>({});
  const needsBack = documentType !== 'PASSPORT';
  const sides: Side[] = needsBack ? ['front', 'back', 'selfie'] : ['front', 'selfie'];
  const upload = useMutation({
    mutationFn: submitIdentification,
    meta: { silent: true },
    onSuccess: () => onDone(),
    onError: (error) => setErrors({ form: problemMessage(error) }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = sides.filter((side) => !files[side]);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((side) => [side, t('files.required')])));
      return;
    }
    // The same rules as the API: a real date first, then an adult and a document still valid.
    const dateErrors: Partial<Record<DateField, string>> = {};
    for (const field of DATE_FIELDS) {
      const checked = calendarDaySchema.safeParse(dates[field]);
      if (!checked.success) dateErrors[field] = t('identification.date_invalid');
    }
    for (const problem of identityDateProblems(dates, new Date()))
      dateErrors[problem.field] ??= t(
        `identification.${DATE_PROBLEM_KEYS[problem.message] ?? 'date_invalid'}`,
      );
    if (Object.keys(dateErrors).length > 0) {
      setErrors(dateErrors);
      return;
    }
    const attachments = await Promise.all(sides.map((side) => toAttachment(files[side] as File, side)));
    const body = { document_type: documentType, ...dates, attachments };
    const parsed = identificationSchema.safeParse(body);
    if (!parsed.success) {
      setErrors({ form: translateValidation(parsed.error.issues[0]?.message ?? '') });
      return;
    }
    setErrors({});
    upload.mutate(body);
  };

  return (
    <Card withBorder padding="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Select
            label={t('identification.document_type')}
            data={identificationDocumentTypes.map((type) => ({
              value: type.code,
              label: t(`identification.types.${type.code}`),
            }))}
            value={documentType}
            onChange={(value) => setDocumentType(value ?? 'PASSPORT')}
            allowDeselect={false}
            required
          />
          {DATE_FIELDS.map((field) => (
            <TextInput
              key={field}
              type="date"
              label={t(`identification.${field}`)}
              description={t(`identification.${field}_hint`)}
              required
              value={dates[field]}
              error={errors[field]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setDates((current) => ({ ...current, [field]: value }));
              }}
            />
          ))}
          {sides.map((side) => (
            <FilePicker
              key={side}
              label={t(`identification.side.${side}`)}
              file={files[side]}
              error={errors[side]}
              onChange={(file, problem) => {
                setFiles((current) => ({ ...current, [side]: file }));
                setErrors((current) => ({ ...current, [side]: problem }));
              }}
            />
          ))}
          <Text size="sm" c="dimmed">
            {t('files.rules')}
          </Text>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Button type="submit" loading={upload.isPending} w="fit-content">
            {t('identification.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
