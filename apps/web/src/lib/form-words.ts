import { createContext, useContext } from 'react';

// The words the shared forms (use-schema-form.ts, use-form-mutation.ts) speak, given by each app's
// shell: the client app in the visitor's language (app/app.tsx), the back office in its own
// English (backoffice/app.tsx). So both apps build a form the same way, and neither bundles the
// other's text.
export type FormWords = {
  /** A schema's sentence (core speaks English) in the reader's words. */
  validation: (message: string) => string;
  /** A refused request's one message, looked up first under the feature's `texts`. */
  refusal: (error: unknown, texts: readonly string[]) => string | undefined;
};

const FormWordsContext = createContext<FormWords>({
  validation: (message) => message,
  refusal: () => undefined,
});

export const FormWordsProvider = FormWordsContext.Provider;

export const useFormWords = () => useContext(FormWordsContext);
