import { Navigate, useParams } from 'react-router';
import { EmailApp } from '@/features/demo/email/components/email-app';
import { isEmailFolder, isEmailLabel } from '@/features/demo/email/api/types';
import { NOT_FOUND_PATH } from '@/app/routes-table';

/** `/apps/email`, `/apps/email/:folder`, `/apps/email/label/:label`; anything else is a 404. */
export default function EmailScreen() {
  const { folder, label } = useParams();
  if (folder !== undefined && (!isEmailFolder(folder) || folder === 'inbox')) {
    return <Navigate to={NOT_FOUND_PATH} replace />;
  }
  if (label !== undefined && !isEmailLabel(label)) {
    return <Navigate to={NOT_FOUND_PATH} replace />;
  }
  return <EmailApp folder={folder} label={label} />;
}
