import { useState } from 'react';
import { toAttachment } from '../../components/file-attachment';

// The one file a client may send with a message to support, a new conversation's or a reply's.
// A file the picker refuses (over 10 MB, a type we do not take) stays said under the picker, and
// the message is not sent until it is removed or replaced: nothing is dropped without a word.
export function useMessageFile() {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string>();
  return {
    /** Props for components/file-picker.tsx. */
    picker: {
      file,
      error: problem,
      onChange: (picked: File | null, why: string | undefined) => {
        setFile(picked);
        setProblem(why);
      },
    },
    /** A form's check that also refuses to send while the chosen file was refused. */
    guard:
      <Out>(validate: () => Out | undefined) =>
      () => {
        const values = validate();
        return problem ? undefined : values;
      },
    /** The body's `attachments`, or nothing without a file. */
    attachments: async () => (file ? { attachments: [await toAttachment(file, 'ticket')] } : {}),
    clear: () => {
      setFile(null);
      setProblem(undefined);
    },
  };
}
