import { companyDocumentsSchema } from '@bluepeak/core/onboarding';
import { useTranslation } from 'react-i18next';
import { DocumentUploadCard } from '../../components/document-upload-card';
import { useMeta } from '../../lib/queries/meta';
import { uploadCompanyDocuments } from './api';
import { useCompanyStepSaved } from './use-onboarding';

// The 'company documents' step: one document at a time, with its type, as in Settings.
export function CompanyDocumentsCard() {
  const { t } = useTranslation('onboarding');
  const { document_types: documentTypes } = useMeta();
  const saved = useCompanyStepSaved();
  return (
    <DocumentUploadCard
      title={t('company.steps.has_document')}
      types={documentTypes}
      initialType="CERTIFICATE_OF_INCORPORATION"
      schema={companyDocumentsSchema}
      request={uploadCompanyDocuments}
      onSaved={(answer) => void saved(answer)}
    />
  );
}
