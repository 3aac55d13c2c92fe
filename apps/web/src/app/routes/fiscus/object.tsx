import { Navigate, useParams } from 'react-router';
import { ObjectListScreen } from '@/features/platform';

export default function Screen() {
  const { objectid } = useParams();
  if (!objectid) return <Navigate to="/error-404" replace />;
  return <ObjectListScreen objectId={objectid} />;
}
