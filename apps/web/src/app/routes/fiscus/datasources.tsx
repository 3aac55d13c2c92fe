import { DatasourcesScreen } from '@/features/datasources';

export default function Screen() {
  return <DatasourcesScreen />;
}
