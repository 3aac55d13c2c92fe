import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the screen's first view has been painted, as a transition: React
 * renders them in slices of a few milliseconds and lets the browser handle input in between,
 * instead of one long task before the first paint. For the parts of a screen below its first
 * view (the dashboard's widgets); `fallback` shows until then.
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The next frame is painted with what is there now; the task after it renders the rest.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return <>{shown ? children : fallback}</>;
}
