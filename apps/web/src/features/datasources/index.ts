export { DatasourcesScreen } from './components/datasources-screen';
export { MountsScreen } from './components/mounts-screen';
