export { CubesScreen } from './components/cubes-screen';
export { CubeDesigner } from './components/cube-designer';
export { PivotScreen } from './components/pivot-screen';
