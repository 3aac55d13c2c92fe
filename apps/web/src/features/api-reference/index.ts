export { ApiReferenceScreen } from './components/api-reference-screen';
