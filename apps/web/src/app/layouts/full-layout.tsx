import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ScreenLoader } from '../shell/screen-loader';
import classes from '../shell/shell.module.css';

/** Blank layout (auth, misc and record pages): no menu, navbar or footer. */
export function FullLayout() {
  return (
    <div className={classes.full} data-testid="full-layout">
      <Suspense fallback={<ScreenLoader />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
