import { businessSignUpSchema, privateSignUpSchema } from '@bluepeak/core/auth';
import { Alert, Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CountrySelect } from '../../components/country-select';
import { apiRequest } from '../../lib/api-client';
import { serverFormErrors } from '../../lib/form-errors';
import { useLocalePath } from '../../lib/use-locale';
import { useSchemaForm } from '../../lib/use-schema-form';
import { AltchaField, type AltchaHandle } from './altcha-field';

// /private-account and /business-account (docs/requirements/onboarding.md): the fields of each client type,
// checked with the API's own schema, the password rule and "passwords must match" of
// docs/requirements/validation.md, and the ALTCHA bot check. The API answers the same whether or not the
// address is new.
const PRIVATE_FIELDS = { first_name: '', last_name: '', email: '', phone: '', country: '' };
const BUSINESS_FIELDS = {
  company_name: '',
  registration_number: '',
  country: '',
  contact_person: '',
  email: '',
  phone: '',
};
const PASSWORDS = { password: '', password_confirmation: '', altcha: '' };

export function SignUpForm({ kind }: { kind: 'private' | 'business' }) {
  const { t } = useTranslation('auth');
  const to = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const altcha = useRef<AltchaHandle>(null);
  const [altchaError, setAltchaError] = useState<string>();
  const isPrivate = kind === 'private';
  const linked = params.get('referral') ?? params.get('ref') ?? '';
  const referral = /^[A-Za-z0-9_-]{1,40}$/.test(linked) ? linked : undefined;
  const form = useSchemaForm<Record<string, string>, unknown>(
    isPrivate ? privateSignUpSchema : businessSignUpSchema,
    { ...(isPrivate ? PRIVATE_FIELDS : BUSINESS_FIELDS), ...PASSWORDS },
  );
  const [formMessage, setFormMessage] = useState<string>();
  const botCheck = useQuery({
    queryKey: ['auth', 'bot_check'],
    queryFn: ({ signal }) => apiRequest<{ data: { enabled: boolean } }>('/auth/bot_check', { signal }),
    select: (body) => body.data.enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const botCheckOn = botCheck.data ?? true;
  const signUp = useMutation({
    mutationFn: (body: unknown) => apiRequest(`/auth/signup/${kind}`, { method: 'POST', body }),
    meta: { silent: true },
    onSuccess: (_answer, body) => {
      const email = (body as { email: string }).email;
      void navigate(`${to('/confirm')}?email=${encodeURIComponent(email)}`);
    },
    onError: (error) => {
      const { fields, message } = serverFormErrors(error);
      form.setServerErrors(fields);
      setFormMessage(message);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormMessage(undefined);
    const parsed = form.validate();
    if (!parsed) return;
    const payload = botCheckOn ? await altcha.current?.payload().catch(() => '') : '';
    if (botCheckOn && !payload) {
      setAltchaError(t('signup.bot_check_failed'));
      return;
    }
    setAltchaError(undefined);
    // The referral code of a shared sign-up link goes along; a malformed one is left out.
    signUp.mutate({ ...form.values, altcha: payload, ...(referral ? { referral_code: referral } : {}) });
  };

  const field = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} required {...form.text(name)} {...extra} />
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {isPrivate ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {field('first_name', t('signup.first_name'), { autoComplete: 'given-name' })}
            {field('last_name', t('signup.last_name'), { autoComplete: 'family-name' })}
          </SimpleGrid>
        ) : (
          <>
            {field('company_name', t('signup.company_name'), { autoComplete: 'organization' })}
            {field('registration_number', t('signup.registration_number'))}
          </>
        )}
        <CountrySelect
          label={isPrivate ? t('signup.country_private') : t('signup.country_business')}
          value={form.values.country ?? ''}
          onChange={(code) => form.setValue('country', code)}
          error={form.errors.country}
        />
        {!isPrivate && field('contact_person', t('signup.contact_person'), { autoComplete: 'name' })}
        {field('email', t('signup.email'), { type: 'email', autoComplete: 'email' })}
        {field('phone', t('signup.phone'), {
          type: 'tel',
          autoComplete: 'tel',
          description: t('signup.phone_hint'),
          placeholder: '+44 7700 900123',
        })}
        <PasswordInput
          label={t('signup.password')}
          description={t('validation.password')}
          autoComplete="new-password"
          required
          {...form.text('password')}
        />
        <PasswordInput
          label={t('signup.password_confirmation')}
          autoComplete="new-password"
          required
          {...form.text('password_confirmation')}
        />
        {botCheck.isSuccess && <AltchaField ref={altcha} error={altchaError} enabled={botCheckOn} />}
        {referral && <Text size="sm">{t('signup.referred')}</Text>}
        {formMessage && (
          <Alert color="red" role="alert">
            {formMessage}
          </Alert>
        )}
        <Button type="submit" loading={signUp.isPending} w="fit-content">
          {t('signup.submit')}
        </Button>
        <Text size="sm">
          {t('signup.have_account')}{' '}
          <Anchor component={Link} to={to('/login')} underline="always">
            {t('signup.log_in')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
