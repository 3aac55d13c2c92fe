import { ProceduresScreen } from '@/features/procedures';

export default function Screen() {
  return <ProceduresScreen />;
}
