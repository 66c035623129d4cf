import { Alert, Button, Card, Checkbox, Form, Input, List, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { FormAttribute, FormComponent } from '../../contracts/case/builder-schemas';
import { REGION } from './confidential-banner';
import { CAPACITY_WORDS, FILED_FOR_CAPACITIES } from '../../domain/complaints/filing';
import { DateInput } from '../shared/date-input';

export const GENDERS = [
  { value: 'WOMAN', label: 'Woman' },
  { value: 'MAN', label: 'Man' },
  { value: 'TRANSGENDER', label: 'Transgender' },
  { value: 'UNDISCLOSED', label: 'Prefer not to say' },
];

/** Where the server names a field, the form shows it under the field. */
const SERVER_FIELD: Record<string, string> = {
  complainantName: 'complainant.name',
  complainantEmail: 'complainant.email',
  respondentEmail: 'respondent.email',
  incidentDetails: 'incident.details',
  incidentDate: 'incident.date',
  filedForCapacity: 'filedFor.capacity',
  filedForReason: 'filedFor.reason',
  filedForConsent: 'filedFor.writtenConsent',
};

/** One labelled field of the complaint form, with the server's error for it. */
export function ComplaintField({
  name,
  label,
  input,
  required = false,
  extra,
  errors,
  valuePropName,
}: {
  name: string;
  label: string;
  input: ReactNode;
  required?: boolean;
  extra?: string;
  errors: Record<string, string>;
  valuePropName?: string;
}) {
  const serverError = errors[SERVER_FIELD[name] ?? name];
  return (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      valuePropName={valuePropName}
      rules={required ? [{ required: true, message: `Enter ${label.toLowerCase()}` }] : []}
      validateStatus={serverError ? 'error' : undefined}
      help={serverError}
    >
      {input}
    </Form.Item>
  );
}

/** "Who it is about": the respondent part of the complaint form (Raise a concern, and filing on someone's behalf). */
export function RespondentCard({ errors, whose = 'Their' }: { errors: Record<string, string>; whose?: string }) {
  return (
    <Card title="Who it is about" style={{ marginBottom: 16 }}>
      <ComplaintField name="respondentName" label={`${whose} name`} input={<Input />} errors={errors} />
      <ComplaintField name="respondentEmail" label={`${whose} email`} input={<Input type="email" />} errors={errors} />
      <ComplaintField
        name="respondentGender"
        label={`${whose} gender`}
        input={<Select allowClear options={GENDERS} aria-label={`${whose} gender`} />}
        errors={errors}
      />
      <ComplaintField name="respondentPhone" label={`${whose} phone`} input={<Input type="tel" />} errors={errors} />
      <ComplaintField
        name="respondentDescription"
        label="How you would describe them"
        input={<Input.TextArea rows={2} />}
        extra="Their role or team, if you do not know their name."
        errors={errors}
      />
      <Form.Item name="againstEmployer" valuePropName="checked">
        <Checkbox>The complaint is against the employer itself</Checkbox>
      </Form.Item>
    </Card>
  );
}

/**
 * IN-03 (POSH Rule 6): filing for a woman who cannot file herself, in a capacity the Rules allow. The complainant's
 * name above is hers; the case's mail comes to the filer's own address.
 */
export function FiledForCard({ errors }: { errors: Record<string, string> }) {
  const form = Form.useFormInstance();
  const filingFor = Form.useWatch('filingFor', form) as boolean | undefined;
  return (
    <Card title="Filing for her (IN-03)" style={{ marginBottom: 16 }}>
      <Form.Item name="filingFor" valuePropName="checked" style={{ marginBottom: filingFor ? 16 : 0 }}>
        <Checkbox>I am filing for a woman who cannot file herself (incapacity, or her death)</Checkbox>
      </Form.Item>
      {filingFor ? (
        <>
          <Typography.Paragraph type="secondary">
            Enter her name above as the complainant’s. Your own address receives the case’s mail.
          </Typography.Paragraph>
          <ComplaintField
            name="filedForCapacity"
            label="You file as"
            required
            input={
              <Select
                aria-label="You file as"
                options={FILED_FOR_CAPACITIES.map((c) => ({ value: c, label: CAPACITY_WORDS[c] }))}
              />
            }
            errors={errors}
          />
          <ComplaintField
            name="filedForReason"
            label="Why she cannot file herself"
            required
            input={<Input.TextArea rows={2} />}
            errors={errors}
          />
          <ComplaintField
            name="filedForConsent"
            label="Her consent"
            input={<Checkbox>I have her written consent</Checkbox>}
            errors={errors}
            valuePropName="checked"
          />
        </>
      ) : null}
    </Card>
  );
}

/** "What happened": incident, witnesses and the fields an admin added to the published form; `children` go last (evidence). */
export function IncidentCard({
  errors,
  customFields,
  children,
  whose = 'your',
}: {
  errors: Record<string, string>;
  customFields: FormAttribute[];
  children?: ReactNode;
  whose?: string;
}) {
  return (
    <Card title="What happened" style={{ marginBottom: 16 }}>
      <ComplaintField
        name="incidentDetails"
        label="What happened"
        input={<Input.TextArea rows={6} />}
        required
        extra={`In ${whose} own words: what was said or done, where, and how often.`}
        errors={errors}
      />
      <ComplaintField
        name="incidentDate"
        label="When it happened (the last time, if more than once)"
        input={<DateInput />}
        required
        errors={errors}
      />
      <ComplaintField
        name="witnesses"
        label="Witnesses"
        input={<Input.TextArea rows={2} />}
        extra="One per line: a name and how to reach them."
        errors={errors}
      />
      {customFields.map((a) => (
        <Form.Item
          key={a.attributeId}
          name={['answers', a.attributeId]}
          label={a.label}
          extra={a.helpText || undefined}
          rules={a.required ? [{ required: true, message: `Answer "${a.label}"` }] : []}
          validateStatus={errors[`answers.${a.attributeId}`] ? 'error' : undefined}
          help={errors[`answers.${a.attributeId}`]}
        >
          {a.fieldType === 'TEXTAREA' ? (
            <Input.TextArea rows={3} />
          ) : (
            <Input type={a.fieldType === 'DATE' ? 'date' : 'text'} />
          )}
        </Form.Item>
      ))}
      {children}
    </Card>
  );
}

/**
 * The files an admin attached to fields of the form (the builder's "a file for the field": a guide, a template), each
 * one a download whose short-lived link is asked for when clicked. Nothing shows when no field has one.
 */
export function FormFiles({
  components,
  download,
  error,
}: {
  components: FormComponent[];
  download: (attributeId: string) => Promise<string | null>;
  error: string | null;
}) {
  const files = components.flatMap((c) => c.attributes).filter((a) => a.resourceFileId);
  if (files.length === 0) return null;
  return (
    <Card title="Documents for this form" style={{ marginBottom: 16 }}>
      <List
        {...REGION}
        aria-label="Documents for this form"
        dataSource={files}
        renderItem={(a) => (
          <List.Item>
            <div>
              <Button
                type="link"
                style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
                onClick={async () => {
                  const url = await download(a.attributeId);
                  if (url) window.location.assign(url);
                }}
              >
                Download {a.resourceFileName ?? 'the file'}
              </Button>
              <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                For “{a.label}”
              </Typography.Paragraph>
            </div>
          </List.Item>
        )}
      />
      {error ? <Alert type="error" showIcon message={error} /> : null}
    </Card>
  );
}
