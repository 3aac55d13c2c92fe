import { Navigate, useParams } from 'react-router';
import { RecordPage } from '@/features/platform';
import { ObjectActions } from '@/features/procedures';

export default function Screen() {
  const { object, record } = useParams();
  if (!object || !record || !/^\d{1,15}$/.test(record)) return <Navigate to="/error-404" replace />;
  return (
    <RecordPage
      objectId={object}
      recordId={Number(record)}
      actions={
        <ObjectActions objectId={object} placement="card" recordId={Number(record)} size="sm" />
      }
    />
  );
}
