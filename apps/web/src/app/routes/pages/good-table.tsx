import { GoodTablePage } from '@/features/demo/pages/components/good-table';

export default GoodTablePage;
