import { DomainsScreen } from '@/features/platform';

export default function Screen() {
  return <DomainsScreen />;
}
