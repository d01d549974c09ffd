import { ContentPage } from './content-page';

export default function StrategyPage() {
  return <ContentPage page="strategy" />;
}
