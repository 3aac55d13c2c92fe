export { ReportsScreen } from './components/reports-screen';
