import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { MaintenanceScreen, RefusedNetworkScreen } from './maintenance.screen';
import { RouteProgress } from './route-progress';
import { SiteStatusViewModel } from './site-status.view-model';

/** The root of every page: route progress, and the maintenance page while the flag is on for this workspace. */
export const SiteRoot = observer(function SiteRoot() {
  const status = useViewModel(SiteStatusViewModel);
  useEffect(() => status.watch(), [status]);
  return (
    <>
      <RouteProgress />
      {status.refusedNetwork ? <RefusedNetworkScreen /> : status.maintenance ? <MaintenanceScreen /> : <Outlet />}
    </>
  );
});
