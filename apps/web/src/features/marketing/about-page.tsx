import { ContentPage } from './content-page';

export default function AboutPage() {
  return <ContentPage page="about" />;
}
