import { type ChangeEvent, useCallback, useState } from 'react';
import { type FieldErrors, issuesToFieldErrors, passwordPairErrors } from './field-errors';
import { useFormWords } from './form-words';

// docs/requirements/public-site.md, forms and docs/requirements/validation.md ("validation is
// eager"): a form's values checked with the same zod schema the API route uses, on every change of
// a field the visitor has touched, and on submit for all of them. Server answers land on the fields
// through setServerErrors. The one way to build a form in both apps, each in its words
// (lib/form-words.ts).
type SafeParse<Out> = (
  value: unknown,
) =>
  | { success: true; data: Out }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** What `text(name)` gives a text input: its value, its change handler and its error. */
export type TextFieldProps = {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error: string | undefined;
};

export function useSchemaForm<Values extends Record<string, unknown>, Out>(
  schema: { safeParse: SafeParse<Out> },
  initial: Values,
) {
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [checked, setChecked] = useState<FieldErrors>({});
  const [server, setServer] = useState<FieldErrors>({});
  const { validation } = useFormWords();

  const check = useCallback(
    (next: Values, fields: ReadonlySet<string>) => {
      const result = schema.safeParse(next);
      const all = {
        ...passwordPairErrors(next, validation),
        ...(result.success ? {} : issuesToFieldErrors(result.error.issues, validation)),
      };
      setChecked(
        Object.fromEntries(Object.entries(all).filter(([key]) => fields.has(key.split('.')[0] ?? key))),
      );
      return result;
    },
    [schema, validation],
  );

  const setValue = <K extends keyof Values & string>(name: K, value: Values[K]) => {
    const next = { ...values, [name]: value };
    const nextTouched = touched.has(name) ? touched : new Set([...touched, name]);
    setValues(next);
    setTouched(nextTouched);
    setServer(({ [name]: _dropped, ...rest }) => rest);
    check(next, nextTouched);
  };

  /** Validates every field; the parsed value when the form is valid. */
  const validate = (): Out | undefined => {
    const all = new Set(Object.keys(values));
    setTouched(all);
    const result = check(values, all);
    return result.success ? result.data : undefined;
  };

  const errors: FieldErrors = { ...checked, ...server };
  /** Props for a Mantine text input bound to one field. */
  const text = <K extends keyof Values & string>(name: K): TextFieldProps => ({
    value: String(values[name] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.currentTarget.value as Values[K]),
    error: errors[name],
  });

  /** Back to the first values, nothing touched (a dialog opened again). */
  const reset = () => {
    setValues(initial);
    setTouched(new Set());
    setChecked({});
    setServer({});
  };

  return { values, setValue, validate, errors, text, setServerErrors: setServer, reset };
}
