import { createRequire } from 'node:module';
import type { BoardReturn, CanadaAnnualReturn, PoshAnnualReturn } from '../../../src/contracts/case/law.contract';

/**
 * A return as a PDF and as an XLSX (docs/law.md "The returns"). Both are written from the return's JSON alone: its
 * figures and the employer's inputs; no case row reaches these functions, so no party can appear in them.
 */
export type AnyReturn = PoshAnnualReturn | BoardReturn | CanadaAnnualReturn;

/** A return as titled rows: a heading, then label and value pairs. The PDF and the XLSX print the same rows. */
type Row = { heading: string } | { label: string; value: string | number };

const TITLES: Record<AnyReturn['kind'], string> = {
  POSH_ANNUAL: 'Annual report of the Internal Committee (POSH Act s.21, Rule 14)',
  BOARD: "Board's report: sexual harassment complaints (Companies (Accounts) Rules r.8(5)(x))",
  CANADA_ANNUAL: 'Annual report on work place harassment and violence (LAB1206, SOR/2020-130 s.36)',
};

export const returnTitle = (r: AnyReturn) => TITLES[r.kind];

function rowsOf(r: AnyReturn): Row[] {
  const rows: Row[] = [
    { label: 'Period', value: `${r.from} to ${r.to}` },
    { label: 'Deadline', value: r.deadline },
  ];
  if (r.kind === 'POSH_ANNUAL') {
    rows.push(
      { heading: 'Addressed to' },
      { label: 'The employer', value: `${r.employer.name}, ${r.employer.address}` },
      { label: 'The District Officer', value: r.districtOfficer },
    );
    for (const c of r.committees) {
      rows.push(
        { heading: c.name },
        { label: 'Complaints received in the year', value: c.received },
        { label: 'Complaints disposed of in the year', value: c.disposed },
        { label: 'Complaints pending at the end of the year', value: c.pendingAtEnd },
        { label: 'Complaints pending for more than 90 days', value: c.pendingOver90Days },
        { label: 'Workshops held', value: c.workshops },
        { label: 'Awareness programmes held', value: c.awarenessProgrammes },
        { label: 'Orientations of the committee', value: c.orientations },
        { label: 'Attendance at them', value: c.attendance },
      );
      for (const a of c.actionTaken) rows.push({ label: `Nature of action taken: ${a.label}`, value: a.cases });
    }
  } else if (r.kind === 'BOARD') {
    rows.push(
      { heading: r.employer.name },
      { label: 'Complaints received in the financial year', value: r.figures.received },
      { label: 'Complaints disposed of in the financial year', value: r.figures.disposed },
      { label: 'Complaints pending for more than 90 days', value: r.figures.pendingOver90Days },
      { heading: 'Employees at the date of the report' },
      { label: 'Female', value: r.headcount.female },
      { label: 'Male', value: r.headcount.male },
      { label: 'Transgender', value: r.headcount.transgender },
      { label: 'Gender not given', value: r.headcount.notGiven },
      { heading: 'Statement' },
      { label: 'Maternity Benefit Act, 1961', value: r.statement },
    );
  } else {
    rows.push(
      { heading: 'Employer' },
      { label: 'Name', value: r.employer.name },
      { label: 'Business number', value: r.employer.businessNumber },
      { label: 'Contact', value: `${r.employer.contactName}, ${r.employer.contactEmail}, ${r.employer.contactPhone}` },
      { heading: 'Occurrences in the calendar year' },
      { label: 'Total occurrences (notices received)', value: r.occurrences },
      { label: 'Occurrences resolved', value: r.resolved },
      { label: 'Average months to resolve', value: r.averageMonthsToResolve ?? 'None resolved' },
    );
    for (const m of r.resolutionMeans) rows.push({ label: `Resolved by ${m.label.toLowerCase()}`, value: m.cases });
    for (const [heading, counts] of [
      ['Sexual and non-sexual occurrences', r.categories.nature],
      ['Prohibited grounds of discrimination', r.categories.grounds],
      ['Locations of the occurrences', r.categories.locations],
      ['Relationship between the parties', r.categories.relationships],
    ] as const) {
      rows.push({ heading });
      for (const c of counts) rows.push({ label: c.label, value: c.cases });
    }
    rows.push({ heading: 'Not recorded in SafePlace (give on the form)' });
    for (const n of r.notRecorded) rows.push({ label: n, value: 'Not recorded' });
  }
  return rows;
}

const require = createRequire(import.meta.url);
const FONT = require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff');

/** The PDF of a return; pdfkit is loaded on first use (docs/architecture.md "Memory"). */
export async function returnPdf(r: AnyReturn, workspaceName: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: TITLES[r.kind], Author: workspaceName, Subject: `Period ${r.period}` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', FONT);
  const width = doc.page.width - 100;
  doc.font('body').fontSize(15).fillColor('#1f2328').text(TITLES[r.kind], { width });
  doc
    .moveDown(0.3)
    .fontSize(10)
    .fillColor('#57606a')
    .text(`${workspaceName} · generated ${r.generatedAt.slice(0, 10)}`, { width });
  for (const row of rowsOf(r)) {
    if ('heading' in row) {
      doc.moveDown(0.8).fontSize(12).fillColor('#1f2328').text(row.heading, 50, undefined, { width });
      doc
        .moveTo(50, doc.y + 2)
        .lineTo(50 + width, doc.y + 2)
        .lineWidth(0.5)
        .stroke('#8c959f');
      doc.moveDown(0.4);
    } else {
      doc.fontSize(10).fillColor('#1f2328').text(`${row.label}: ${row.value}`, 50, undefined, { width });
    }
  }
  doc
    .moveDown(1)
    .fontSize(9)
    .fillColor('#57606a')
    .text('Counts only: this return carries no name or identifier of any party (POSH Act s.16; SOR/2020-130).', {
      width,
    });
  doc.end();
  return done;
}

/** The spreadsheet of a return; exceljs is loaded on first use (docs/architecture.md "Memory"). */
export async function returnXlsx(r: AnyReturn, workspaceName: string): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = workspaceName;
  const sheet = workbook.addWorksheet('Return');
  sheet.columns = [{ width: 60 }, { width: 40 }];
  sheet.addRow([TITLES[r.kind]]).font = { bold: true, size: 13 };
  sheet.addRow([workspaceName, `generated ${r.generatedAt.slice(0, 10)}`]);
  for (const row of rowsOf(r)) {
    if ('heading' in row) {
      sheet.addRow([]);
      sheet.addRow([row.heading]).font = { bold: true };
    } else sheet.addRow([row.label, row.value]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
