import { documentTypes } from '@bluepeak/core/reference';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DocumentUploadCard } from '../../components/document-upload-card';
import { DocumentList } from './document-list';
import { uploadCompanyDocuments } from './settings-api';
import { SettingsFrame } from './settings-frame';

// /dashboard/settings/documents and /new (docs/requirements/settings.md): the company's documents
// with the operator's verdict on each, and one more uploaded.
export default function DocumentsPage() {
  const { t } = useTranslation('settings');
  const adding = useLocation().pathname.endsWith('/new');
  return (
    <SettingsFrame title={t(adding ? 'company.documents.new_title' : 'company.documents.title')}>
      {(settings) =>
        adding ? (
          <DocumentUploadCard
            title={t('company.documents.new_title')}
            types={documentTypes}
            request={uploadCompanyDocuments}
          />
        ) : (
          <>
            <DocumentList documents={settings.documents} />
            <Button component={Link} to="/dashboard/settings/documents/new" w="fit-content">
              {t('company.documents.add')}
            </Button>
          </>
        )
      }
    </SettingsFrame>
  );
}
