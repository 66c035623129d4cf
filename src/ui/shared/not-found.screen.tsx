import { Result } from 'antd';

export default function NotFoundScreen() {
  return <Result status="404" title="Page not found" subTitle="There is nothing at this address." extra={<a href="/">Go to the start page</a>} />;
}
