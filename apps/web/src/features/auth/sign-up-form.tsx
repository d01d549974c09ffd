import { businessSignUpSchema, PHONE_EXAMPLE, privateSignUpSchema } from '@bluepeak/core/auth';
import { Anchor, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useBotCheck } from '../../components/bot-check';
import { CountrySelect } from '../../components/country-select';
import { FormMessage } from '../../components/form-message';
import { useFormMutation } from '../../lib/use-form-mutation';
import { useLocalePath } from '../../lib/use-locale';
import { useSchemaForm } from '../../lib/use-schema-form';
import { AcceptTermsField } from './accept-terms-field';
import { signUp as sendSignUp } from './api';
import { NewPasswordFields } from './new-password-fields';

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
const PASSWORDS = { password: '', password_confirmation: '', altcha: '', accept_terms: false };

export function SignUpForm({ kind }: { kind: 'private' | 'business' }) {
  const { t } = useTranslation('auth');
  const to = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const isPrivate = kind === 'private';
  const linked = params.get('referral') ?? params.get('ref') ?? '';
  const referral = /^[A-Za-z0-9_-]{1,40}$/.test(linked) ? linked : undefined;
  const form = useSchemaForm<Record<string, string | boolean>, unknown>(
    isPrivate ? privateSignUpSchema : businessSignUpSchema,
    { ...(isPrivate ? PRIVATE_FIELDS : BUSINESS_FIELDS), ...PASSWORDS },
  );
  const botCheck = useBotCheck(t('signup.bot_check_failed'));
  // The schema first, then the bot check's proof of work.
  const checked = {
    validate: async (): Promise<Record<string, string | boolean | undefined> | undefined> => {
      if (!form.validate()) return undefined;
      const payload = await botCheck.proof();
      if (payload === undefined) return undefined;
      // The referral code of a shared sign-up link goes along; a malformed one is left out.
      return { ...form.values, altcha: payload, ...(referral ? { referral_code: referral } : {}) };
    },
    setServerErrors: form.setServerErrors,
  };
  const {
    mutation: signUp,
    submit,
    message: formMessage,
  } = useFormMutation(checked, {
    request: (body) => sendSignUp(kind, body),
    onSuccess: (_answer, body) =>
      void navigate(`${to('/confirm')}?email=${encodeURIComponent(String(body.email ?? ''))}`),
  });

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
          value={String(form.values.country ?? '')}
          onChange={(code) => form.setValue('country', code)}
          error={form.errors.country}
        />
        {!isPrivate && field('contact_person', t('signup.contact_person'), { autoComplete: 'name' })}
        {field('email', t('signup.email'), { type: 'email', autoComplete: 'email' })}
        {field('phone', t('signup.phone'), {
          type: 'tel',
          autoComplete: 'tel',
          description: t('signup.phone_hint'),
          placeholder: PHONE_EXAMPLE,
        })}
        <NewPasswordFields
          label={t('signup.password')}
          password={form.text('password')}
          confirmation={form.text('password_confirmation')}
        />
        <AcceptTermsField
          checked={form.values.accept_terms === true}
          onChange={(accepted) => form.setValue('accept_terms', accepted)}
          error={form.errors.accept_terms}
        />
        {botCheck.field}
        {referral && <Text size="sm">{t('signup.referred')}</Text>}
        <FormMessage message={formMessage} />
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
