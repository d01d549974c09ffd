import { decideIdentification } from './api';
import { VerdictButtons } from './verdict-buttons';

/** Approve or reject one identity check (documents and selfie). */
export function IdentificationActions({ submissionId }: { submissionId: string }) {
  return (
    <VerdictButtons
      yes="approve"
      texts={{ yes: 'approve_identification', no: 'reject_identification', done: 'identification' }}
      decide={(verdict, reason) => decideIdentification(submissionId, verdict, reason)}
    />
  );
}
