import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type { ComplaintsApi } from '../../../src/application/complaints/complaints-api.port';
import { ApiError } from '../../../src/application/shared/api-error';
import type { ComplaintReadiness } from '../../../src/contracts/case/complaints.contract';
import { ComplaintReadinessViewModel } from '../../../src/ui/complaints/complaint-readiness.view-model';

/** Only the readiness is read from the complaints port here. */
const port = (readiness: ComplaintReadiness | Error): ComplaintsApi =>
  ({
    readiness: async () => {
      if (readiness instanceof Error) throw readiness;
      return readiness;
    },
  }) as unknown as ComplaintsApi;

const ready: ComplaintReadiness = {
  processPublished: true,
  committeeConstituted: true,
  compliance: 'IN_POSH',
  casesWithoutCommittee: 0,
};

describe('ComplaintReadinessViewModel', () => {
  it('warns of nothing in a workspace with a published process and a committee', async () => {
    const vm = new ComplaintReadinessViewModel(port(ready));
    await vm.load();
    expect(vm.readiness.status).toBe('ready');
    expect(vm.warnings).toEqual([]);
  });

  it('warns that complaints cannot reach an Internal Committee, counts those waiting, and links to the committee screen', async () => {
    const vm = new ComplaintReadinessViewModel(
      port({ ...ready, committeeConstituted: false, casesWithoutCommittee: 2 }),
    );
    await vm.load();
    expect(vm.warnings).toEqual([
      expect.objectContaining({
        key: 'no-committee',
        title: 'This workspace cannot yet route complaints to an Internal Committee',
        link: { to: '/committees', label: 'Constitute the Internal Committee' },
      }),
    ]);
    expect(vm.warnings[0].text).toContain('Local Committee');
    expect(vm.warnings[0].text).toContain('2 open complaints are waiting outside a committee.');
  });

  it('names the designated recipients in Canada, and warns when no process is published', async () => {
    const vm = new ComplaintReadinessViewModel(
      port({ ...ready, compliance: 'CA_FEDERAL', committeeConstituted: false, processPublished: false }),
    );
    await vm.load();
    expect(vm.warnings.map((w) => [w.key, w.link.to])).toEqual([
      ['no-process', '/workflows'],
      ['no-committee', '/committees'],
    ]);
    expect(vm.warnings[1].link.label).toBe('Name the designated recipients');
  });

  it('shows no warning when the call fails (the home page goes on)', async () => {
    const vm = new ComplaintReadinessViewModel(port(new ApiError('forbidden', 'FORBIDDEN', 'Not allowed')));
    await vm.load();
    expect(vm.readiness.status).toBe('error');
    expect(vm.warnings).toEqual([]);
  });
});
