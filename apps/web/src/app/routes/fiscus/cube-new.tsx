import { CubeDesigner } from '@/features/cubes';

export default function Screen() {
  return <CubeDesigner cubeId={null} />;
}
