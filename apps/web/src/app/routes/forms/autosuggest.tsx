import { AutosuggestPage } from '@/features/demo/forms/components/autosuggest-page';

export default AutosuggestPage;
