export { BudgetAssemblyHead } from './components/budget-assembly-head';
export { BudgetFrame } from './components/budget-frame';
export { BudgetReportBar } from './components/budget-report-bar';
export { entryObjects, type ObjectEntry } from './lib/parts';
