import { MountsScreen } from '@/features/datasources';

export default function Screen() {
  return <MountsScreen />;
}
