import { useNavigation } from 'react-router';

/** A thin bar at the top while a route (and its code) is loading. */
export function RouteProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className="route-progress" role="progressbar" aria-label="Loading page" aria-busy="true" />;
}
