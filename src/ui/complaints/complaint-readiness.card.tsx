import { Alert, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useViewModel } from '../shared/container-context';
import { ComplaintReadinessViewModel } from './complaint-readiness.view-model';

/** The admin's home: a warning for each thing that keeps the workspace from taking or routing a complaint (else nothing). */
export const ComplaintReadinessCard = observer(function ComplaintReadinessCard() {
  const vm = useViewModel(ComplaintReadinessViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  if (vm.warnings.length === 0) return null;
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 16 }} aria-label="Complaint setup">
      {vm.warnings.map((w) => (
        <Alert
          key={w.key}
          type="warning"
          showIcon
          message={w.title}
          description={
            <>
              {w.text}{' '}
              {/* Underlined: a link inside a sentence must not rely on its colour alone (axe link-in-text-block). */}
              <Link to={w.link.to} style={{ textDecoration: 'underline' }}>
                {w.link.label}
              </Link>
            </>
          }
        />
      ))}
    </Space>
  );
});

export default ComplaintReadinessCard;
