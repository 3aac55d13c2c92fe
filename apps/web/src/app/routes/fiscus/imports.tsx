import { ImportsScreen } from '@/features/imports';

export default function Screen() {
  return <ImportsScreen />;
}
