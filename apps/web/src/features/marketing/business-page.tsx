import { ContentPage } from './content-page';

export default function BusinessPage() {
  return <ContentPage page="business" />;
}
