import { ObjectsScreen } from '@/features/platform';

export default function Screen() {
  return <ObjectsScreen />;
}
