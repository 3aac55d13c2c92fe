import { LeafletPage } from '@/features/demo/maps/components/leaflet-page';

export default LeafletPage;
