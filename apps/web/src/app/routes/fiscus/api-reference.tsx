import { ApiReferenceScreen } from '@/features/api-reference';

export default function Screen() {
  return <ApiReferenceScreen />;
}
