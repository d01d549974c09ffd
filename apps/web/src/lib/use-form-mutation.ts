import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, serverFormErrors } from './form-errors';

type CheckedForm<Out> = {
  validate: () => Out | undefined;
  setServerErrors: (fields: FieldErrors) => void;
};

// UI.md "Forms": a form sends its request only once the shared schema accepts every field; a
// refusal puts the server's field errors on their fields and everything else in one message
// above the button. The catalogue's snackbar stays quiet: the form says it where it happened.
export function useFormMutation<Out, Result>(
  form: CheckedForm<Out>,
  options: {
    request: (values: Out) => Promise<Result>;
    onSuccess?: (result: Result, values: Out) => unknown;
  },
) {
  const [message, setMessage] = useState<string>();
  const mutation = useMutation({
    mutationFn: options.request,
    meta: { silent: true },
    onSuccess: options.onSuccess,
    onError: (error) => {
      const refusal = serverFormErrors(error);
      form.setServerErrors(refusal.fields);
      setMessage(refusal.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    const values = form.validate();
    if (values !== undefined) mutation.mutate(values);
  };
  return { mutation, submit, message };
}
