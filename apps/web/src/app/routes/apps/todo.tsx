import { Navigate, useParams } from 'react-router';
import { isTaskFilter, isTaskTag } from '@/features/demo/todo/api/types';
import { TodoApp } from '@/features/demo/todo/components/todo-app';
import { NOT_FOUND_PATH } from '../../routes-table';

/**
 * `/fiscus/todo`, `/fiscus/todo/:filter` (important | completed | deleted) and
 * `/fiscus/todo/tag/:tag` (team | low | medium | high | update); anything else → error 404.
 */
export default function TodoScreen() {
  const { filter, tag } = useParams();
  if (filter !== undefined && !isTaskFilter(filter))
    return <Navigate to={NOT_FOUND_PATH} replace />;
  if (tag !== undefined && !isTaskTag(tag)) return <Navigate to={NOT_FOUND_PATH} replace />;
  return (
    <TodoApp
      key={`${filter ?? ''}/${tag ?? ''}`}
      filter={filter && isTaskFilter(filter) ? filter : undefined}
      tag={tag && isTaskTag(tag) ? tag : undefined}
    />
  );
}
