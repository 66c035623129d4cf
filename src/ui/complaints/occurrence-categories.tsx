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
import { tr } from '../i18n/i18n';
import { useViewModel } from '../shared/container-context';
import { categoryWord } from './party-occurrence-categories';
import { OccurrenceCategoriesViewModel } from './occurrence-categories.view-model';

/** Each category's words, shared with the principal party's card (the catalogue's `case.v*`). */
const word = (code: string) => categoryWord(code);
const notRecorded = () => tr('case.catNotRecorded');

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
          <Radio value="">{notRecorded()}</Radio>
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
  const s = vm.state.value;
  if (vm.state.status === 'error')
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={tr('case.catError')}
        description={vm.state.error}
      />
    );
  if (!s) return null;
  const c = s.categories;
  const err = (name: string) =>
    vm.fieldErrors[name] ? { validateStatus: 'error' as const, help: vm.fieldErrors[name] } : {};

  return (
    <Card title={tr('case.catTitle')} size="small" style={{ marginBottom: 16 }}>
      <div role="region" aria-label={tr('case.catTitle')}>
        <Typography.Paragraph type="secondary">
          {s.mayChange ? tr('case.catIntroCommittee') : tr('case.catIntro')}
        </Typography.Paragraph>
        {vm.notice ? (
          <Alert type="success" showIcon role="status" message={vm.notice} style={{ marginBottom: 8 }} />
        ) : null}
        {vm.actionError ? <Alert type="error" showIcon message={vm.actionError} style={{ marginBottom: 8 }} /> : null}
        {s.mayChange ? (
          <Form<Values>
            form={form}
            layout="vertical"
            aria-label={tr('case.catFormLabel')}
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
            <Choice name="nature" label={tr('case.catNature')} values={NATURES} />
            <Form.Item
              name="grounds"
              label={tr('case.catGroundsAsk')}
              extra={tr('case.catGroundsHint')}
              {...err('grounds')}
            >
              <Checkbox.Group aria-label={tr('case.catGroundsAsk')}>
                <Space direction="vertical">
                  {PROHIBITED_GROUNDS.map((g) => (
                    <Checkbox key={g} value={g}>
                      {word(g)}
                    </Checkbox>
                  ))}
                </Space>
              </Checkbox.Group>
            </Form.Item>
            <Choice name="location" label={tr('case.catLocation')} values={LOCATIONS} />
            <Choice name="relationship" label={tr('case.catRelationship')} values={RELATIONSHIPS} />
            <Choice name="resolution" label={tr('case.catResolution')} values={RESOLUTION_MEANS} />
            <Typography.Paragraph type="secondary">{tr('case.catResolutionNote')}</Typography.Paragraph>
            <Button type="primary" htmlType="submit" loading={vm.busy}>
              {tr('case.catSave')}
            </Button>
          </Form>
        ) : (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={tr('case.catNature')}>
              {c.nature ? word(c.nature) : notRecorded()}
            </Descriptions.Item>
            <Descriptions.Item label={tr('case.catGrounds')}>
              {c.grounds.length > 0 ? c.grounds.map(word).join(', ') : notRecorded()}
            </Descriptions.Item>
            <Descriptions.Item label={tr('case.catLocation')}>
              {c.location ? word(c.location) : notRecorded()}
            </Descriptions.Item>
            <Descriptions.Item label={tr('case.catRelationship')}>
              {c.relationship ? word(c.relationship) : notRecorded()}
            </Descriptions.Item>
            <Descriptions.Item label={tr('case.catResolution')}>
              {c.resolution ? word(c.resolution) : notRecorded()}
            </Descriptions.Item>
          </Descriptions>
        )}
      </div>
    </Card>
  );
});
