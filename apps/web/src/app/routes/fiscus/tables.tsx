import { TablesScreen } from '@/features/platform';

export default function Screen() {
  return <TablesScreen />;
}
