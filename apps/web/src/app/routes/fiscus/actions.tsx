import { ActionsScreen } from '@/features/procedures';

export default function Screen() {
  return <ActionsScreen />;
}
