import { Navigate, useParams } from 'react-router';
import { PivotScreen } from '@/features/cubes';

export default function Screen() {
  const { cubeid } = useParams();
  if (!cubeid) return <Navigate to="/error-404" replace />;
  return <PivotScreen cubeId={cubeid} />;
}
