export { IntegrationsScreen } from './components/integrations-screen';
