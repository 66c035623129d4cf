import { Alert, Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';

/** The designed loading, error and empty states every screen uses. */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
      <div style={{ marginTop: 12, color: 'rgba(0, 0, 0, 0.6)' }}>{label}…</div>
    </div>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title="This could not be loaded"
      description={message}
      action={onRetry ? <Button onClick={onRetry}>Try again</Button> : undefined}
    />
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Empty description={title} style={{ padding: 32 }}>
      {children}
    </Empty>
  );
}
