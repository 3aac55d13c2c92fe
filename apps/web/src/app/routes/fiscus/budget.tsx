import { Navigate, useParams } from 'react-router';
import { ScreenPlaceholder } from '@/components/screen-placeholder';
import { budgetEntries, NOT_FOUND_PATH, type BudgetEntry } from '../../routes-table';

const titles: Record<BudgetEntry, string> = {
  vehicles: 'menu:vehicles',
  marketing: 'menu:marketing',
  taxes: 'menu:taxes',
  insurance: 'menu:insurance',
  capex: 'menu:capex',
  report: 'menu:budgetReport',
  assembly: 'menu:budgetAssembly',
};

export default function BudgetScreen() {
  const { entry } = useParams();
  if (!budgetEntries.includes(entry as BudgetEntry))
    return <Navigate to={NOT_FOUND_PATH} replace />;
  return <ScreenPlaceholder title={titles[entry as BudgetEntry]} />;
}
