import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';
import type { NewUser, User, UsersResponse, UserUpdate } from './types';

export interface UserQuery {
  q: string;
  role: string;
  plan: string;
  status: string;
  sortBy: string;
  sortDesc: boolean;
  perPage: number;
  page: number;
}

const key = ['demo', 'users'] as const;

export const useUsers = (params: UserQuery) =>
  useQuery({
    queryKey: [...key, 'list', params],
    queryFn: async () => {
      const clean = Object.fromEntries(
        Object.entries(params).filter(([, v]) => v !== '' && v !== undefined),
      );
      return (await demoApi.get<UsersResponse>('/apps/user/users', { params: clean })).data;
    },
    placeholderData: keepPreviousData,
  });

export const useUser = (id: number) =>
  useQuery({
    queryKey: [...key, 'one', id],
    queryFn: async () => (await demoApi.get<User>(`/apps/user/users/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export function useAddUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (user: NewUser) =>
      (await demoApi.post<{ user: User }>('/apps/user/users', { user })).data.user,
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useUpdateUser(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (patch: UserUpdate) =>
      (await demoApi.post<{ user: User }>(`/apps/user/users/${id}`, patch)).data.user,
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteUser(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await demoApi.delete(`/apps/user/users/${id}`);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
