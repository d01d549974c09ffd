import { useState } from 'react';

/** A small form of text inputs: its values, the props that bind one input, and a reset. */
export function useTextFields<Values extends Record<string, string>>(initial: Values) {
  const [values, setValues] = useState(initial);
  const field = (name: keyof Values) => ({
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });
  return { values, field, reset: () => setValues(initial) };
}
