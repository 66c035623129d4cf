import { Button, Card, Col, Layout, Row, Space, Typography } from 'antd';
import { Link } from 'react-router';

const FEATURES = [
  {
    title: 'Training people finish',
    text: 'Short lessons and quizzes on sexual harassment prevention, in English, Hindi, Kannada, Telugu, Tamil and Marathi, with progress and completion records for every employee.',
  },
  {
    title: 'Policies, accepted and on record',
    text: 'Publish your policies, ask every employee to accept them, and show the dated record whenever an auditor asks.',
  },
  {
    title: 'Complaints handled by the book',
    text: 'Your Internal Committee runs each complaint through a redressal workflow you design, with the deadlines of the POSH Act and the Canada Labour Code computed for you and every access recorded.',
  },
  {
    title: 'Built for whole organisations',
    text: 'Business units, departments, bulk imports of your workforce, course assignment by unit, department or joining date, and reports for the annual return.',
  },
];

/** The product's own marketing site (the main host). */
export function HomeScreen() {
  return (
    <Layout style={{ minHeight: '100vh', background: '#fff' }}>
      <Layout.Header className="marketing-header">
        <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
          SafePlace
        </Typography.Text>
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Link to="/workspace/signin">Find your workspace</Link>
          <Button type="primary" href="/signin">
            Sign in
          </Button>
        </Space>
      </Layout.Header>
      <Layout.Content>
        <section className="hero">
          <Typography.Title level={1}>Prevent workplace harassment. Prove compliance.</Typography.Title>
          <Typography.Paragraph style={{ fontSize: 18, maxWidth: 720 }}>
            SafePlace trains your people, records their policy acceptance, and gives your Internal Committee a
            confidential, deadline-aware complaint process, for India's POSH Act and Canada's federal rules.
          </Typography.Paragraph>
          {/* A link drawn as a button (a button inside a link is two controls in one for a screen reader). */}
          <Button type="primary" size="large" href="/workspace/signin">
            Go to your workspace
          </Button>
        </section>
        <section className="marketing-features" aria-label="What SafePlace does">
          <Row gutter={[24, 24]}>
            {FEATURES.map((f) => (
              <Col xs={24} md={12} key={f.title}>
                <Card className="marketing-card" title={<h2 style={{ fontSize: 18, margin: 0 }}>{f.title}</h2>}>
                  <Typography.Paragraph>{f.text}</Typography.Paragraph>
                </Card>
              </Col>
            ))}
          </Row>
        </section>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>SafePlace · Workplace compliance</Layout.Footer>
    </Layout>
  );
}

export default HomeScreen;
