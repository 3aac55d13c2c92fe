import { useQuery } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';

export interface Person {
  img: string;
  name: string;
  email: string;
  time: string;
}
export interface SuggestFile {
  file_name: string;
  from: string;
  icon: 'pdf' | 'xlsx' | 'doc' | 'csv' | 'zip' | 'img';
  size: string;
}
export interface AutosuggestData {
  developers: Person[];
  designers: Person[];
  pages: { icon: string; name: string }[];
  files: SuggestFile[];
}

/** The seed's `GET /autosuggest/data` (one object in an array). */
export const useAutosuggestData = () =>
  useQuery({
    queryKey: ['demo', 'autosuggest'],
    queryFn: async () => (await demoApi.get<AutosuggestData[]>('/autosuggest/data')).data[0]!,
    staleTime: Infinity,
  });
