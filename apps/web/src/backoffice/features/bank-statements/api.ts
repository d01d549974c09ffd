import type {
  BankCredit,
  BankStatementImport,
  bankStatementImportResultSchema,
  ManualCredit,
} from '@bluepeak/core/backoffice';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { backoffice } from '../../lib/api';
import { fileToBase64 } from '../../lib/file-to-base64';

// The back office's calls for incoming money from the bank: statement uploads (base64 in JSON,
// as every upload travels), the imports, the unmatched queue and the manual credits that wait
// for a second operator. Answers are typed from core's schemas.
export type { BankCredit, BankStatementImport, ManualCredit };
export type ImportResult = z.infer<typeof bankStatementImportResultSchema>['data'];
export type CreditStatus = BankCredit['status'];

export const bankKeys = {
  all: ['backoffice', 'bank'] as const,
  imports: ['backoffice', 'bank', 'imports'] as const,
  credits: (status: CreditStatus) => ['backoffice', 'bank', 'credits', status] as const,
  manual: ['backoffice', 'bank', 'manual'] as const,
};

export const importsQuery = queryOptions({
  queryKey: bankKeys.imports,
  queryFn: ({ signal }) =>
    backoffice<{ data: BankStatementImport[] }>('/bank_statements?limit=10', { signal }),
  select: (answer) => answer.data,
});

export const creditsQuery = (status: CreditStatus) =>
  queryOptions({
    queryKey: bankKeys.credits(status),
    queryFn: ({ signal }) =>
      backoffice<{ data: BankCredit[] }>(`/bank_statements/credits?status=${status}`, { signal }),
    select: (answer) => answer.data,
  });

export const manualCreditsQuery = queryOptions({
  queryKey: bankKeys.manual,
  queryFn: ({ signal }) =>
    backoffice<{ data: ManualCredit[] }>('/bank_statements/manual_credits?status=pending', { signal }),
  select: (answer) => answer.data,
});

export { fileToBase64 };

export const uploadStatement = async (file: File) =>
  backoffice<{ data: ImportResult }>('/bank_statements', {
    method: 'POST',
    body: { file_name: file.name, data: await fileToBase64(file) },
  });

export const creditAction = (id: string, action: 'assign' | 'return' | 'approve' | 'reject', body: object) =>
  backoffice<{ data: BankCredit }>(`/bank_statements/credits/${id}/${action}`, { method: 'POST', body });

export const manualCreditAction = (id: string, action: 'approve' | 'reject', body: object) =>
  backoffice<{ data: ManualCredit }>(`/bank_statements/manual_credits/${id}/${action}`, {
    method: 'POST',
    body,
  });
