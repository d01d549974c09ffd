import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, serverFormErrors } from './form-errors';
import { useIdempotencyKey } from './idempotency-key';

type CheckedForm<Out> = {
  validate: () => Out | undefined;
  setServerErrors: (fields: FieldErrors) => void;
};

// docs/requirements/public-site.md, forms: a form sends its request only once the shared schema
// accepts every field; a refusal puts the server's field errors on their fields and everything else
// in one message above the button. The catalogue's snackbar stays quiet: the form says it where it
// happened. Each submission gets an Idempotency-Key, kept while the same values are sent again (a
// retry, a double click), for the calls that take one; calls that do not ignore it.
export function useFormMutation<Out, Result>(
  form: CheckedForm<Out>,
  options: {
    request: (values: Out, idempotencyKey: string) => Promise<Result>;
    onSuccess?: (result: Result, values: Out) => unknown;
  },
) {
  const [message, setMessage] = useState<string>();
  const idempotency = useIdempotencyKey();
  const mutation = useMutation({
    mutationFn: ({ values, key }: { values: Out; key: string }) => options.request(values, key),
    meta: { silent: true },
    onSuccess: (result, { values }) => {
      idempotency.reset();
      return options.onSuccess?.(result, values);
    },
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
    if (values !== undefined) mutation.mutate({ values, key: idempotency.keyFor(values) });
  };
  return { mutation, submit, message };
}
