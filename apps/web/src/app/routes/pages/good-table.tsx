import { GoodTablePage } from '@/features/pages/components/good-table';

export default GoodTablePage;
