export { ActionsScreen } from './components/actions-screen';
export { ObjectActions } from './components/object-actions';
export { ProceduresScreen } from './components/procedures-screen';
export { ProcedureRunModal } from './components/procedure-run-modal';
export { RunsTable } from './components/runs-table';
export { RunView } from './components/run-view';
