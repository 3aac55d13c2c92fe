export { ObjectListScreen } from './components/object-list-screen';
export { ObjectsScreen } from './components/objects-screen';
export { RecordPage } from './components/record-page';
export { TablesScreen } from './components/tables-screen';
export { DomainsScreen } from './components/domains-screen';
