import { Alert, Button, Card, Checkbox, Descriptions, Form, Radio, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { OccurrenceCategories } from '../../contracts/case/occurrence-categories.contract';
import {
  LOCATIONS,
  NATURES,
  PROHIBITED_GROUNDS,
  RELATIONSHIPS,
  RESOLUTION_MEANS,
} from '../../domain/compliance/occurrence-categories';
import { useViewModel } from '../shared/container-context';
import { OccurrenceCategoriesViewModel } from './occurrence-categories.view-model';

const WORDS: Record<string, string> = {
  SEXUAL: 'Sexual',
  NON_SEXUAL: 'Not sexual',
  RACE: 'Race',
  NATIONAL_OR_ETHNIC_ORIGIN: 'National or ethnic origin',
  COLOUR: 'Colour',
  RELIGION: 'Religion',
  AGE: 'Age',
  SEX: 'Sex',
  SEXUAL_ORIENTATION: 'Sexual orientation',
  GENDER_IDENTITY_OR_EXPRESSION: 'Gender identity or expression',
  MARITAL_STATUS: 'Marital status',
  FAMILY_STATUS: 'Family status',
  GENETIC_CHARACTERISTICS: 'Genetic characteristics',
  DISABILITY: 'Disability',
  PARDONED_CONVICTION: 'A conviction pardoned or a record suspended',
  WORKPLACE: 'At the workplace',
  WORK_EVENT: 'At a work event',
  WORK_TRAVEL: 'While travelling for work',
  ONLINE: 'Online',
  OTHER: 'Elsewhere or other',
  SUPERVISOR_TO_EMPLOYEE: 'A supervisor towards an employee',
  EMPLOYEE_TO_SUPERVISOR: 'An employee towards a supervisor',
  BETWEEN_COLLEAGUES: 'Between colleagues',
  THIRD_PARTY: 'A third party (client, visitor, contractor)',
  NEGOTIATED_RESOLUTION: 'Negotiated resolution',
  CONCILIATION: 'Conciliation',
  INVESTIGATION: 'Investigation',
  WITHDRAWN: 'Withdrawn',
};
const word = (code: string) => WORDS[code] ?? code;
const NOT_RECORDED = 'Not recorded';

/** Form values: a radio's "not recorded" is the empty string (antd radios cannot hold null). */
interface Values {
  nature: string;
  grounds: string[];
  location: string;
  relationship: string;
  resolution: string;
}
const orNull = <T extends string>(v: string): T | null => (v === '' ? null : (v as T));

function Choice({ name, label, values }: { name: keyof Values; label: string; values: readonly string[] }) {
  return (
    <Form.Item name={name} label={label}>
      <Radio.Group aria-label={label}>
        <Space direction="vertical">
          {values.map((v) => (
            <Radio key={v} value={v}>
              {word(v)}
            </Radio>
          ))}
          <Radio value="">{NOT_RECORDED}</Radio>
        </Space>
      </Radio.Group>
    </Form.Item>
  );
}

/**
 * CA-10 on a Canadian case's page (docs/law.md "The returns"): how this occurrence is counted in the annual report
 * (LAB1206). Its committee (designated recipients) records the categories; the principal party reads them.
 */
export const OccurrenceCategoriesCard = observer(function OccurrenceCategoriesCard({
  complaintId,
}: {
  complaintId: string;
}) {
  const vm = useViewModel(OccurrenceCategoriesViewModel);
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    void vm.load(complaintId);
  }, [vm, complaintId]);
  const s = vm.state;
  if (vm.status === 'error')
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="The annual report’s categories could not be loaded"
        description={vm.error}
      />
    );
  if (!s) return null;
  const c = s.categories;
  const err = (name: string) =>
    vm.fieldErrors[name] ? { validateStatus: 'error' as const, help: vm.fieldErrors[name] } : {};

  return (
    <Card title="For the annual report" size="small" style={{ marginBottom: 16 }}>
      <div role="region" aria-label="For the annual report">
        <Typography.Paragraph type="secondary">
          {s.mayChange
            ? 'How this occurrence is counted in the employer’s annual report to the Labour Program (LAB1206, due 1 March). The report counts occurrences only: it names nobody.'
            : 'How the designated recipients count this occurrence in the employer’s annual report to the Labour Program. The report counts occurrences only: it names nobody.'}
        </Typography.Paragraph>
        {vm.notice ? (
          <Alert type="success" showIcon role="status" message={vm.notice} style={{ marginBottom: 8 }} />
        ) : null}
        {vm.actionError ? <Alert type="error" showIcon message={vm.actionError} style={{ marginBottom: 8 }} /> : null}
        {s.mayChange ? (
          <Form<Values>
            form={form}
            layout="vertical"
            aria-label="Categories for the annual report"
            initialValues={{
              nature: c.nature ?? '',
              grounds: [...c.grounds],
              location: c.location ?? '',
              relationship: c.relationship ?? '',
              resolution: c.resolution ?? '',
            }}
            onFinish={(v) =>
              void vm.save({
                nature: orNull<NonNullable<OccurrenceCategories['nature']>>(v.nature),
                grounds: v.grounds as OccurrenceCategories['grounds'],
                location: orNull<NonNullable<OccurrenceCategories['location']>>(v.location),
                relationship: orNull<NonNullable<OccurrenceCategories['relationship']>>(v.relationship),
                resolution: orNull<NonNullable<OccurrenceCategories['resolution']>>(v.resolution),
              })
            }
          >
            <Choice name="nature" label="Nature of the occurrence" values={NATURES} />
            <Form.Item
              name="grounds"
              label="Prohibited grounds of discrimination, if known"
              extra="The Canadian Human Rights Act’s grounds; choose every one that applies."
              {...err('grounds')}
            >
              <Checkbox.Group aria-label="Prohibited grounds of discrimination, if known">
                <Space direction="vertical">
                  {PROHIBITED_GROUNDS.map((g) => (
                    <Checkbox key={g} value={g}>
                      {word(g)}
                    </Checkbox>
                  ))}
                </Space>
              </Checkbox.Group>
            </Form.Item>
            <Choice name="location" label="Where it happened" values={LOCATIONS} />
            <Choice name="relationship" label="Relationship between the parties" values={RELATIONSHIPS} />
            <Choice name="resolution" label="How it was resolved" values={RESOLUTION_MEANS} />
            <Typography.Paragraph type="secondary">
              Left as not recorded, the means of resolution follows the case’s outcome.
            </Typography.Paragraph>
            <Button type="primary" htmlType="submit" loading={vm.busy}>
              Save the categories
            </Button>
          </Form>
        ) : (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Nature of the occurrence">
              {c.nature ? word(c.nature) : NOT_RECORDED}
            </Descriptions.Item>
            <Descriptions.Item label="Prohibited grounds">
              {c.grounds.length > 0 ? c.grounds.map(word).join(', ') : NOT_RECORDED}
            </Descriptions.Item>
            <Descriptions.Item label="Where it happened">
              {c.location ? word(c.location) : NOT_RECORDED}
            </Descriptions.Item>
            <Descriptions.Item label="Relationship between the parties">
              {c.relationship ? word(c.relationship) : NOT_RECORDED}
            </Descriptions.Item>
            <Descriptions.Item label="How it was resolved">
              {c.resolution ? word(c.resolution) : NOT_RECORDED}
            </Descriptions.Item>
          </Descriptions>
        )}
      </div>
    </Card>
  );
});
