import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';

export type TableStatus = 'Current' | 'Professional' | 'Rejected' | 'Resigned' | 'Applied';
export interface BasicRow {
  id: number;
  avatar: string;
  fullName: string;
  email: string;
  startDate: string;
  salary: string;
  status: TableStatus;
}
export interface RowGroup {
  mode: 'span';
  label: string;
  html: boolean;
  children: (BasicRow & { experience: string })[];
}
export interface AdvancedRow {
  id: number;
  avatar: string;
  fullName: string;
  post: string;
  email: string;
  city: string;
  startDate: string;
  salary: string;
}

const get = async <T>(url: string) => (await demoApi.get<T>(url)).data;
export const useBasicRows = () =>
  useQuery(
    queryOptions({
      queryKey: ['demo', 'good-table', 'basic'],
      queryFn: () => get<BasicRow[]>('/good-table/basic'),
    }),
  );
export const useRowGroups = () =>
  useQuery(
    queryOptions({
      queryKey: ['demo', 'good-table', 'row-group'],
      queryFn: () => get<RowGroup[]>('/good-table/row-group'),
    }),
  );
export const useAdvancedRows = () =>
  useQuery(
    queryOptions({
      queryKey: ['demo', 'good-table', 'advanced'],
      queryFn: () => get<AdvancedRow[]>('/good-table/advanced-search'),
    }),
  );
