import { ReportsScreen } from '@/features/reports';

export default function Screen() {
  return <ReportsScreen />;
}
