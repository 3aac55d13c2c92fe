import { IntegrationsScreen } from '@/features/integrations';

export default function Screen() {
  return <IntegrationsScreen />;
}
