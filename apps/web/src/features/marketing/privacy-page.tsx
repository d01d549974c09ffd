import { ContentPage } from './content-page';

export default function PrivacyPage() {
  return <ContentPage page="privacy" />;
}
