import { CubesScreen } from '@/features/cubes';

export default function Screen() {
  return <CubesScreen />;
}
