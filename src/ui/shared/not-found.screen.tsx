import { Result } from 'antd';

export default function NotFoundScreen() {
  return (
    <Result
      status="404"
      title={<h1 className="result-title">Page not found</h1>}
      subTitle="There is nothing at this address."
      extra={<a href="/">Go to the start page</a>}
    />
  );
}
