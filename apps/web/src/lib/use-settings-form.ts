import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { clientQueryKeys } from './client-session';
import { type FieldErrors, issuesToFieldErrors } from './form-errors';
import { useFormMutation } from './use-form-mutation';

type Issues = readonly { path: readonly PropertyKey[]; message: string }[];
type Schema = { safeParse: (value: unknown) => { success: boolean; error?: { issues: Issues } } };

/**
 * A settings page's form: the body checked by the route's own schema, sent with `request`, and
 * on success the settings and the client record (its red mark) read again.
 */
export function useSettingsForm<Result>(
  schema: Schema,
  body: () => unknown,
  request: (body: unknown) => Promise<Result>,
  onSuccess?: (result: Result) => void,
) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const form = {
    validate: () => {
      const value = body();
      const parsed = schema.safeParse(value);
      setErrors(parsed.error ? issuesToFieldErrors(parsed.error.issues) : {});
      return parsed.success ? value : undefined;
    },
    setServerErrors: setErrors,
  };
  const mutation = useFormMutation(form, {
    request,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: clientQueryKeys.all });
      onSuccess?.(result);
    },
  });
  return { ...mutation, errors };
}
