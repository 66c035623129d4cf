import { Alert, Button, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { tr } from '../i18n/i18n';

/** The designed loading, error and empty states every screen uses, in the reader's language. */
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
      title={tr('player.loadError')}
      description={message}
      action={onRetry ? <Button onClick={onRetry}>{tr('common.tryAgain')}</Button> : undefined}
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
