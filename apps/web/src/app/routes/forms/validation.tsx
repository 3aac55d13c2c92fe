import { ValidationPage } from '@/features/demo/forms/components/validation-page';

export default ValidationPage;
