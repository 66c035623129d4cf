import { useEffect } from 'react';
import type { RouteObject } from 'react-router';

/**
 * The course player is its own light entry (player.html; the server maps /training/{courseId} to it): a link the app's
 * router follows there loads the page afresh (replacing this history entry, so Back returns to where the learner was).
 */
function ToPlayer() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return (
    <div role="status" style={{ padding: 48, textAlign: 'center' }}>
      Opening the course…
    </div>
  );
}

/** The learner's routes, inside the signed-in shell. Screens load lazily (code-split by route). */
export const trainingRoutes: RouteObject[] = [
  { path: '/training', lazy: async () => ({ Component: (await import('./my-training.screen')).default }) },
  { path: '/training/:courseId', Component: ToPlayer },
];

/** The public certificate check, on the workspace's host, outside the signed-in shell (no sign-in). */
export const verifyRoutes: RouteObject[] = [
  { path: '/verify/:code', lazy: async () => ({ Component: (await import('./verify.screen')).default }) },
];
