import type { FormEvent } from 'react';
import { useState } from 'react';
import { type FieldErrors, serverFormErrors } from './field-errors';
import { useFormWords } from './form-words';
import { useIdempotentMutation } from './idempotency-key';

type CheckedForm<Out> = {
  /** The values to send, or undefined after showing why not; a form with files may take a moment. */
  validate: () => Out | undefined | Promise<Out | undefined>;
  setServerErrors: (fields: FieldErrors) => void;
};

// docs/requirements/public-site.md, forms: a form sends its request only once the shared schema accepts every field; a
// refusal puts the server's field errors on their fields and everything else in one message
// above the button (its text looked up under the feature's `texts` first, in the app's words:
// lib/form-words.ts).
// The catalogue's snackbar stays quiet: the form says it where it happened. Each submission
// gets an Idempotency-Key, kept while the same values are sent again (a retry, a double click),
// for the calls that take one; calls that do not ignore it. A form whose fields the server
// does not name (`serverFields: false`) shows the whole refusal as its one message; with
// `silent: false` the catalogue's snackbar says it instead and the form shows nothing of it.
export function useFormMutation<Out, Result>(
  form: CheckedForm<Out>,
  options: {
    request: (values: Out, idempotencyKey: string) => Promise<Result>;
    onSuccess?: (result: Result, values: Out) => unknown;
    texts?: readonly string[];
    serverFields?: boolean;
    silent?: boolean;
  },
) {
  const [message, setMessage] = useState<string>();
  const words = useFormWords();
  const { mutation, send } = useIdempotentMutation({
    request: options.request,
    onSuccess: options.onSuccess,
    silent: options.silent,
    onError: (error) => {
      if (options.silent === false) return;
      if (options.serverFields === false) return setMessage(words.refusal(error, options.texts ?? []));
      const refusal = serverFormErrors(error, words, options.texts);
      form.setServerErrors(refusal.fields);
      setMessage(refusal.message);
    },
  });
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (mutation.isPending) return;
    setMessage(undefined);
    const values = await form.validate();
    if (values !== undefined) send(values);
  };
  return { mutation, submit, message, clearMessage: () => setMessage(undefined) };
}
