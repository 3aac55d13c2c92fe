export { ActionsScreen } from './components/actions-screen';
export { ObjectActions } from './components/object-actions';
export { ProceduresScreen } from './components/procedures-screen';
