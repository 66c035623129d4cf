import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { ContractExpiredScreen, MaintenanceScreen, RefusedNetworkScreen } from './maintenance.screen';
import { RouteProgress } from './route-progress';
import { SiteStatusViewModel } from './site-status.view-model';

/** The root of every page: route progress, and the maintenance (or expiry, or refused-network) page while that holds. */
export const SiteRoot = observer(function SiteRoot() {
  const status = useViewModel(SiteStatusViewModel);
  useEffect(() => status.watch(), [status]);
  return (
    <>
      <RouteProgress />
      {status.refusedNetwork ? (
        <RefusedNetworkScreen />
      ) : status.contractExpired ? (
        <ContractExpiredScreen />
      ) : status.maintenance ? (
        <MaintenanceScreen />
      ) : (
        <Outlet />
      )}
    </>
  );
});
