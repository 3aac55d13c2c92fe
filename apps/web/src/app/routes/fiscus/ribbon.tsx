import { RibbonScreen } from '@/features/ribbon';

export default function Screen() {
  return <RibbonScreen />;
}
