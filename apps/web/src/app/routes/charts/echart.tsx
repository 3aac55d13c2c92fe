import { ChartsPage } from '@/features/demo/charts/components/charts-page';

export default ChartsPage;
