import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../components/global.css';
import { installHumanMessages } from '@bluepeak/core/auth';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { reportUncaughtErrors } from '../lib/error-reporting/report-error';
import { BackofficeApp } from './app';

installHumanMessages();

// The operator back office: a second entry of the web app with its own bundle, so no
// operator code ships to clients and no client dashboard code ships here (docs/architecture.md).
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
reportUncaughtErrors();
createRoot(root).render(
  <StrictMode>
    <BackofficeApp />
  </StrictMode>,
);
