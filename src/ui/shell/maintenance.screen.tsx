import { Result } from 'antd';

export function MaintenanceScreen() {
  return (
    <main>
      <Result
        status="warning"
        title={<h1 className="result-title">Scheduled maintenance</h1>}
        subTitle="This workspace is being updated and will be back shortly. Your work is saved; this page checks again every 20 seconds."
      />
    </main>
  );
}

/** Shown while the workspace's elevated-IP mode refuses this network (noticed by the 20 s flag poll). */
export function RefusedNetworkScreen() {
  return (
    <main>
      <Result
        status="403"
        title={<h1 className="result-title">Not available from this network</h1>}
        subTitle="This workspace accepts connections only from its organisation's own networks. Connect from the office network or the company VPN and try again."
      />
    </main>
  );
}

/** Shown once the workspace's contract has ended (noticed by the 20 s flag poll); an extension reopens it. */
export function ContractExpiredScreen() {
  return (
    <main>
      <Result
        status="info"
        title={<h1 className="result-title">This workspace's subscription has ended</h1>}
        subTitle="Its contract with SafePlace has expired, so it is closed for now. Nothing has been deleted: once your organisation renews, everything is here again. Please contact your administrator."
      />
    </main>
  );
}
