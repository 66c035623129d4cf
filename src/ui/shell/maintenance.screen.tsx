import { Result } from 'antd';

export function MaintenanceScreen() {
  return (
    <main>
      <Result
        status="warning"
        title="Scheduled maintenance"
        subTitle="This workspace is being updated and will be back shortly. Your work is saved; this page checks again every 20 seconds."
      />
    </main>
  );
}
