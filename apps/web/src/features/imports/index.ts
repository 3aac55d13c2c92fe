export { ImportsScreen } from './components/imports-screen';
export {
  importPath,
  useImportsMenuSection,
  type ImportsMenuItem,
} from './hooks/use-imports-menu-section';
