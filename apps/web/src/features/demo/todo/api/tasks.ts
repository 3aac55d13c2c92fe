import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { demoApi } from '@/lib/demo-client';
import type { Task, TaskInput, TaskQuery } from './types';

export const todoKeys = {
  all: ['todo', 'tasks'] as const,
  list: (query: TaskQuery) => ['todo', 'tasks', query] as const,
};

/** Tasks of the current filter, tag, search and sort (GET /apps/todo/tasks). */
export function useTasks(query: TaskQuery) {
  return useQuery({
    queryKey: todoKeys.list(query),
    queryFn: async ({ signal }) => {
      const params: Record<string, string> = {};
      if (query.q) params.q = query.q;
      if (query.filter) params.filter = query.filter;
      if (query.tag) params.tag = query.tag;
      params.sortBy = query.sortBy ?? 'latest';
      const res = await demoApi.get<Task[]>('/apps/todo/tasks', { params, signal });
      return res.data;
    },
    placeholderData: keepPreviousData,
  });
}

export function useCreateTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (task: TaskInput) =>
      (await demoApi.post<{ task: Task }>('/apps/todo/tasks', { task })).data.task,
    onSettled: () => client.invalidateQueries({ queryKey: todoKeys.all }),
  });
}

/**
 * Saves changed fields of a task. The lists are patched at once (a ticked checkbox does not wait
 * for the answer) and reloaded afterwards; a failure rolls the patch back.
 */
export function useUpdateTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, task }: { id: number; task: Partial<TaskInput> }) =>
      (await demoApi.post<{ task: Task }>(`/apps/todo/tasks/${id}`, { task })).data.task,
    onMutate: async ({ id, task }) => {
      await client.cancelQueries({ queryKey: todoKeys.all });
      const previous = client.getQueriesData<Task[]>({ queryKey: todoKeys.all });
      client.setQueriesData<Task[]>({ queryKey: todoKeys.all }, (list) =>
        list?.map((t) => (t.id === id ? { ...t, ...task } : t)),
      );
      return { previous };
    },
    onError: (_err, _vars, context) => {
      for (const [key, data] of context?.previous ?? []) client.setQueryData(key, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: todoKeys.all }),
  });
}

/** Soft delete (the task moves to "Deleted"). */
export function useDeleteTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await demoApi.delete(`/apps/todo/tasks/${id}`);
      return id;
    },
    onSettled: () => client.invalidateQueries({ queryKey: todoKeys.all }),
  });
}
