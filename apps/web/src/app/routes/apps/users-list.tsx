import { ScreenPlaceholder } from '@/components/screen-placeholder';

export default function Screen() {
  return <ScreenPlaceholder title="menu:usersList" />;
}
