export { ImportsScreen } from './components/imports-screen';
