import { Alert } from 'antd';
import { Component, type ReactNode } from 'react';

/**
 * Keeps a failure in one part of a screen (a lazily loaded card whose code could not be fetched, say while the
 * workspace is closing for maintenance) inside that part, instead of replacing the whole app with an error page.
 */
export class PartBoundary extends Component<{ what: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${this.props.what} could not be loaded. Reload the page to try again.`}
        />
      );
    }
    return this.props.children;
  }
}
