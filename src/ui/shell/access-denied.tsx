import { Button, Result, Typography } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';

/**
 * The page a person meets at an address their role may not use: one message, what to do, and the way home; none of
 * the page's own buttons, which they could not use.
 */
export function AccessDenied({ area }: { area: string }) {
  const navigate = useNavigate();
  return (
    <Result
      className="access-denied"
      icon={<StopOutlined aria-hidden />}
      title={<h1 className="result-title">You do not have access to this page</h1>}
      subTitle={
        <>
          <Typography.Paragraph>
            {area} is for the people who run it in your workspace, and your account is not one of them.
          </Typography.Paragraph>
          <Typography.Paragraph>
            If you need it for your work, ask your workspace administrator to give you access. Everything you can use is
            in the menu.
          </Typography.Paragraph>
        </>
      }
      extra={
        // A real link (open in a new tab, copy), followed inside the app on a plain click.
        <Button
          type="primary"
          href="/dashboard"
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            void navigate('/dashboard');
          }}
        >
          Go to your start page
        </Button>
      }
    />
  );
}
