import { ContentPage } from './content-page';

export default function PrivatePage() {
  return <ContentPage page="private" />;
}
