export { RibbonScreen } from './components/ribbon-screen';
