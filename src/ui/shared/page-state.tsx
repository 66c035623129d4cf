import { Alert, Button, Empty, Skeleton, Spin } from 'antd';
import type { SkeletonProps } from 'antd';
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

/**
 * A skeleton in the shape of what comes (UI.md, States), hidden from screen readers: antd draws its title bar as an
 * empty `h3`, which a screen reader lists as a heading and which puts the page's headings out of order while it shows
 * (axe `heading-order`). Place it inside what says what is loading (`role="status"` with a label).
 */
export function Placeholder(props: Omit<SkeletonProps, 'active'>) {
  return (
    <div aria-hidden="true">
      {/* eslint-disable-next-line no-restricted-syntax -- the one skeleton with a title: hidden from screen readers */}
      <Skeleton active {...props} />
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
