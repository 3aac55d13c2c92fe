import { Navigate, useParams } from 'react-router';
import { ObjectListScreen } from '@/features/platform';
import { ObjectActions } from '@/features/procedures';

export default function Screen() {
  const { objectid } = useParams();
  if (!objectid) return <Navigate to="/error-404" replace />;
  return (
    <ObjectListScreen
      objectId={objectid}
      slots={{
        toolbar: (objectId) => <ObjectActions objectId={objectId} placement="toolbar" />,
        card: (objectId, recordId) => (
          <ObjectActions objectId={objectId} placement="card" recordId={recordId} size="sm" />
        ),
      }}
    />
  );
}
