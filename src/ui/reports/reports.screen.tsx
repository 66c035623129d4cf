import { Alert, Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, Progress, Select, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ExportFormat, ReportFilters, ReportRow } from '../../contracts/learning/reports.contract';
import { REPORT_COLUMN_LABELS, ReportColumn } from '../../domain/reports/report-columns';
import { reportLinkOf } from '../../domain/reports/report-link';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { ReportScheduleDrawer } from './report-schedule.drawer';
import { ReportsViewModel } from './reports.view-model';
import { dateInputFormats } from '../i18n/i18n';

const COURSE_STATUSES = [
  { value: 'NOT_STARTED', label: 'Not started' },
  { value: 'IN_PROGRESS', label: 'In progress' },
  { value: 'COMPLETED', label: 'Completed' },
  { value: 'OVERDUE', label: 'Overdue' },
];
const POLICY_STATUSES = [
  { value: 'ACCEPTED', label: 'Accepted' },
  { value: 'PENDING', label: 'To accept' },
  { value: 'OVERDUE', label: 'Overdue' },
];
const USER_STATUSES = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INVITED', label: 'Invited' },
  { value: 'INACTIVE', label: 'Inactive' },
];

type RangeKey = 'assigned' | 'completed' | 'accepted' | 'expires';

/** One range picker per date the report can be cut by, either end open. */
function DayRange({ vm, name, label }: { vm: ReportsViewModel; name: RangeKey; label: string }) {
  const range = vm.filters[name];
  return (
    <DatePicker.RangePicker format={dateInputFormats()}
      id={{ start: `${name}-from`, end: `${name}-to` }}
      aria-label={label}
      allowEmpty={[true, true]}
      placeholder={[`${label} from`, `${label} until`]}
      value={[range?.from ? dayjs(range.from) : null, range?.to ? dayjs(range.to) : null]}
      onChange={(r) => {
        const from = r?.[0]?.format('YYYY-MM-DD') || undefined;
        const to = r?.[1]?.format('YYYY-MM-DD') || undefined;
        vm.setFilter(name, from || to ? { ...(from ? { from } : {}), ...(to ? { to } : {}) } : undefined);
      }}
    />
  );
}

function Many({ vm, name, label, options }: { vm: ReportsViewModel; name: keyof ReportFilters; label: string; options: { value: string; label: string }[] }) {
  return (
    <Select
      mode="multiple"
      allowClear
      aria-label={label}
      placeholder={label}
      style={{ minWidth: 200, maxWidth: '100%' }}
      maxTagCount="responsive"
      optionFilterProp="label"
      value={(vm.filters[name] as string[] | undefined) ?? []}
      options={options}
      onChange={(value: string[]) => vm.setFilter(name, value as never)}
    />
  );
}

/**
 * Reports: which columns, which rows (courses, policies), filters, a preview page by page, saved definitions, and the
 * export with its progress (docs/reports.md). A business-unit admin sees their unit only; the page says so.
 */
export const ReportsScreen = observer(function ReportsScreen() {
  const vm = useViewModel(ReportsViewModel);
  const [params, setParams] = useSearchParams();
  const [format, setFormat] = useState<ExportFormat>('XLSX');
  const [scheduling, setScheduling] = useState<string | null>(null);
  const exportId = params.get('export');
  useEffect(() => {
    // The address's filters are read once, when the screen opens (a dashboard figure's link); later edits are the builder's.
    void vm.load(reportLinkOf(params));
    return () => vm.stop();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vm]);
  useEffect(() => {
    if (exportId && vm.exportJob?.jobId !== exportId) void vm.follow(exportId);
  }, [vm, exportId]);

  const answer = vm.preview;
  const rows = answer?.rows.map((r, i) => ({ ...r, key: `${answer.page}:${i}` })) ?? [];
  const tableColumns: ColumnsType<ReportRow & { key: string }> = [
    { title: 'Name', dataIndex: 'name', key: 'name', fixed: 'left' },
    { title: 'Email', dataIndex: 'email', key: 'email' },
    { title: 'Row', dataIndex: 'kind', key: 'kind', render: (kind: string) => (kind === 'COURSE' ? 'Course' : 'Policy') },
    ...(answer?.columns ?? []).map((c) => ({ title: REPORT_COLUMN_LABELS[c], key: c, render: (_: unknown, row: ReportRow) => row.values[c] ?? '' })),
  ];
  const job = vm.exportJob;

  return (
    <section aria-labelledby="reports-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} id="reports-title" style={{ margin: 0 }}>
          Reports
        </Typography.Title>
        <Space wrap>
          <Select<ExportFormat>
            aria-label="File format"
            value={format}
            onChange={setFormat}
            options={[
              { value: 'XLSX', label: 'Excel (XLSX)' },
              { value: 'CSV', label: 'CSV' },
            ]}
          />
          <Button
            type="primary"
            disabled={vm.exporting || vm.status !== 'ready'}
            onClick={async () => {
              const id = await vm.startExport(format);
              if (id) setParams((p) => ({ ...Object.fromEntries(p), export: id }), { replace: true });
            }}
          >
            Export
          </Button>
        </Space>
      </Space>
      <Typography.Paragraph type="secondary">
        Who completed which version of which course and who accepted which policy, and when: choose the columns and filters, check the preview, then export the whole report.
      </Typography.Paragraph>
      {vm.status === 'loading' ? <Loading label="Loading reports" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}

      {job || vm.exportError ? (
        <Card style={{ marginBottom: 16 }} title="Export">
          <div role="status" aria-live="polite">
            {job ? (
              <>
                <Typography.Text>
                  {job.status === 'DONE'
                    ? `${job.fileName}: ${job.rowsDone} rows, ready to download.`
                    : job.status === 'FAILED'
                      ? 'The export stopped.'
                      : job.totalRows === null
                        ? 'Counting the rows…'
                        : `Writing ${job.rowsDone} of ${job.totalRows} rows…`}
                </Typography.Text>
                <Progress percent={vm.exportPercent} status={job.status === 'FAILED' ? 'exception' : job.status === 'DONE' ? 'success' : 'active'} aria-label="Export progress" />
              </>
            ) : null}
            {vm.exportError ? <Alert type="error" showIcon title={vm.exportError} /> : null}
          </div>
          <Space wrap>
            {job?.status === 'DONE' ? (
              <Button
                type="primary"
                onClick={async () => {
                  const link = await vm.downloadUrl();
                  if (link) window.location.assign(link);
                }}
              >
                Download {job.fileName}
              </Button>
            ) : null}
            {!vm.exporting ? (
              <Button
                onClick={() => {
                  vm.clearExport();
                  setParams((p) => {
                    const next = new URLSearchParams(p);
                    next.delete('export');
                    return next;
                  }, { replace: true });
                }}
              >
                Close
              </Button>
            ) : null}
          </Space>
        </Card>
      ) : null}

      {vm.status === 'ready' ? (
        <>
          <Card style={{ marginBottom: 16 }} title="Saved reports">
            <Space wrap align="start">
              <Select
                aria-label="Saved report"
                placeholder={vm.saved.length ? 'Open a saved report' : 'No saved reports yet'}
                style={{ minWidth: 220 }}
                allowClear
                value={vm.savedId ?? undefined}
                options={vm.saved.map((s) => ({ value: s.id, label: s.name }))}
                onChange={(id?: string) => vm.open(id ?? null)}
              />
              <Form.Item label="Report name" htmlFor="report-name" style={{ margin: 0 }} validateStatus={vm.saveError ? 'error' : undefined} help={vm.saveError ?? undefined}>
                <Input id="report-name" value={vm.name} maxLength={120} onChange={(e) => vm.setName(e.target.value)} style={{ minWidth: 220 }} />
              </Form.Item>
              <Button loading={vm.saving} onClick={() => void vm.save(!vm.savedId)}>
                {vm.savedId ? 'Save changes' : 'Save report'}
              </Button>
              {vm.savedId ? (
                <>
                  <Button onClick={() => void vm.save(true)}>Save as new</Button>
                  <Button onClick={() => setScheduling(vm.savedId)}>Mail on a schedule</Button>
                  <Button danger onClick={() => void vm.removeSaved()}>
                    Delete
                  </Button>
                </>
              ) : null}
            </Space>
          </Card>

          <ReportScheduleDrawer savedId={scheduling} name={vm.saved.find((r) => r.id === scheduling)?.name ?? ''} onClose={() => setScheduling(null)} />

          <Card style={{ marginBottom: 16 }} title="Rows and columns">
            <Space wrap style={{ marginBottom: 12 }}>
              <Space>
                <Switch id="include-courses" checked={vm.isCourseInclude} onChange={(on) => vm.setInclude('course', on)} />
                <label htmlFor="include-courses">A row per person and course</label>
              </Space>
              <Space>
                <Switch id="include-policies" checked={vm.isPolicyInclude} onChange={(on) => vm.setInclude('policy', on)} />
                <label htmlFor="include-policies">A row per person and policy</label>
              </Space>
            </Space>
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend style={{ fontSize: 14, marginBottom: 8 }}>Columns (name and email always come first)</legend>
              <Checkbox.Group
                value={vm.columns}
                onChange={(v) => vm.setColumns(v as ReportColumn[])}
                options={ReportColumn.options.map((c) => ({ value: c, label: REPORT_COLUMN_LABELS[c] }))}
              />
            </fieldset>
          </Card>

          <Space wrap style={{ marginBottom: 16 }} aria-label="Filters">
            {answer?.scopedTo ? null : <Many vm={vm} name="branchIds" label="All business units" options={vm.options.businessUnits.map((b) => ({ value: b.id, label: b.name }))} />}
            <Many vm={vm} name="departmentIds" label="All departments" options={vm.options.departments.map((d) => ({ value: d.id, label: `${d.name} (${d.businessUnit})` }))} />
            <Many vm={vm} name="courseIds" label="All courses" options={vm.options.courses.map((c) => ({ value: c.id, label: c.name }))} />
            <Many vm={vm} name="policyIds" label="All policies" options={vm.options.policies.map((p) => ({ value: p.id, label: p.name }))} />
            <Many vm={vm} name="courseStatuses" label="Any course status" options={COURSE_STATUSES} />
            <Many vm={vm} name="policyStatuses" label="Any acceptance state" options={POLICY_STATUSES} />
            <Many vm={vm} name="userStatuses" label="Any user status" options={USER_STATUSES} />
            <DayRange vm={vm} name="assigned" label="Assigned" />
            <DayRange vm={vm} name="completed" label="Completed" />
            <DayRange vm={vm} name="accepted" label="Accepted" />
            <DayRange vm={vm} name="expires" label="Certificate expires" />
            <InputNumber aria-label="Certificate expires within (days)" placeholder="Expires within (days)" min={0} max={3650} style={{ width: 200 }} value={vm.filters.expiresWithinDays ?? null} onChange={(v) => vm.setFilter('expiresWithinDays', v ?? undefined)} />
            <InputNumber aria-label="Course version" placeholder="Course version" min={1} value={vm.filters.courseVersion ?? null} onChange={(v) => vm.setFilter('courseVersion', v ?? undefined)} />
            <InputNumber aria-label="Policy version" placeholder="Policy version" min={1} value={vm.filters.policyVersion ?? null} onChange={(v) => vm.setFilter('policyVersion', v ?? undefined)} />
          </Space>

          {answer?.scopedTo ? (
            <Alert style={{ marginBottom: 16 }} type="info" showIcon title={`Only the people of ${answer.scopedTo}: your business unit.`} />
          ) : null}
          {vm.previewError ? <Alert style={{ marginBottom: 16 }} type="warning" showIcon title={vm.previewError} /> : null}
          {/* The preview is as wide as its columns: it scrolls sideways in its own region, reachable by keyboard. */}
          <div className="table-scroll" role="region" aria-label="Report preview" tabIndex={0}>
            <Table<ReportRow & { key: string }>
              size="small"
              loading={vm.previewing}
              columns={tableColumns}
              dataSource={rows}
              locale={{ emptyText: <Typography.Text type="secondary">No rows match these filters. Clear a filter to see more.</Typography.Text> }}
              pagination={{
                current: answer?.page ?? vm.page,
                pageSize: vm.pageSize,
                total: answer?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [20, 50, 100, 200],
                showTotal: (total) => `${total} rows`,
                onChange: (page, pageSize) => vm.setPage(page, pageSize),
              }}
            />
          </div>
        </>
      ) : null}
    </section>
  );
});

export default ReportsScreen;
