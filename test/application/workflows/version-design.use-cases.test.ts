import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/application/shared/api-error';
import {
  SaveActionMail,
  SaveAttributeRoles,
  SaveEscalation,
  workflowDesignWrites,
  type WorkflowDesignWrites,
} from '../../../src/application/workflows/version-design.use-cases';
import type { WorkflowBuilderApi } from '../../../src/application/workflows/workflow-builder-api.port';
import { recordingPort, refusedField } from '../support/recording-port';

const stored = { stored: true };
const every = (answer: unknown) =>
  Object.fromEntries(
    [
      'moveStep',
      'addStepAction',
      'removeStepAction',
      'saveStepSetting',
      'addStage',
      'deleteStage',
      'addPrerequisites',
      'updatePrerequisites',
      'removePrerequisites',
      'saveAttributeRoles',
      'addAttribute',
      'updateAttribute',
      'deleteAttribute',
      'orderAttribute',
      'addComponent',
      'deleteComponent',
      'addMeetingFields',
      'removeMeetingFields',
      'saveActionSetting',
      'saveEscalation',
    ].map((method) => [method, answer]),
  );

const mail = { workflowVersionId: 'v1', actionType: 'SEND_MAIL', mailSubject: 'Case {{caseNumber}}', mailBody: 'Hi' };
const escalation = {
  branchId: null,
  escalationType: 'COMPLAINT_NOT_STARTED',
  firstThresholdDate: 5,
  secondThresholdDate: 10,
  targetId: 'u1',
  enabled: true,
};

describe("the workflow designer's changes to a draft version", () => {
  it('sends each change to its own call with what the admin gave, and answers what the server stored', async () => {
    const { port, calls } = recordingPort<WorkflowBuilderApi>(every(stored));
    const writes: WorkflowDesignWrites = workflowDesignWrites(port);
    const body = { workflowVersionId: 'v1' } as never;
    const sent = [
      await writes.moveStep.execute('s1', 2),
      await writes.addStepAction.execute('s1', { actionType: 'SEND_MAIL' } as never),
      await writes.removeStepAction.execute('s1', 'SEND_MAIL' as never),
      await writes.saveStepSetting.execute(body),
      await writes.addStage.execute('v1', 'Inquiry', ''),
      await writes.deleteStage.execute('st1'),
      await writes.addPrerequisites.execute(body),
      await writes.updatePrerequisites.execute(body),
      await writes.removePrerequisites.execute(body),
      await writes.addAttribute.execute(body),
      await writes.updateAttribute.execute('a1', { label: 'When' } as never),
      await writes.deleteAttribute.execute('a1'),
      await writes.orderAttribute.execute('a1', 3),
      await writes.addComponent.execute('v1', 'Witnesses', ''),
      await writes.deleteComponent.execute('c1'),
      await writes.addMeetingFields.execute(body),
      await writes.removeMeetingFields.execute(body),
    ];
    expect(sent.every((outcome) => outcome.ok && (outcome.answer as unknown) === stored)).toBe(true);
    expect(calls).toEqual([
      ['moveStep', 's1', 2],
      ['addStepAction', 's1', { actionType: 'SEND_MAIL' }],
      ['removeStepAction', 's1', 'SEND_MAIL'],
      ['saveStepSetting', body],
      ['addStage', 'v1', 'Inquiry', ''],
      ['deleteStage', 'st1'],
      ['addPrerequisites', body],
      ['updatePrerequisites', body],
      ['removePrerequisites', body],
      ['addAttribute', body],
      ['updateAttribute', 'a1', { label: 'When' }],
      ['deleteAttribute', 'a1'],
      ['orderAttribute', 'a1', 3],
      ['addComponent', 'v1', 'Witnesses', ''],
      ['deleteComponent', 'c1'],
      ['addMeetingFields', body],
      ['removeMeetingFields', body],
    ]);
  });

  it('answers a frozen version as a conflict, and bad input with its fields; a server failure is thrown on', async () => {
    const frozen = recordingPort<WorkflowBuilderApi>(
      every(new ApiError('conflict', 'FROZEN', 'This version is published and cannot change')),
    );
    expect(await workflowDesignWrites(frozen.port).deleteStage.execute('st1')).toMatchObject({
      ok: false,
      reason: 'conflict',
      message: 'This version is published and cannot change',
    });
    const bad = recordingPort<WorkflowBuilderApi>(every(refusedField('name', 'Enter a name')));
    expect(await workflowDesignWrites(bad.port).addStage.execute('v1', '', '')).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { name: 'Enter a name' },
    });
    const down = recordingPort<WorkflowBuilderApi>(every(new ApiError('server-error', 'DOWN', 'Unavailable')));
    await expect(workflowDesignWrites(down.port).moveStep.execute('s1', 1)).rejects.toThrow('Unavailable');
  });

  it("refuses before the server is asked what the domain's rules refuse: a mail's unknown placeholder, a field hidden from the presiding officer, a second threshold not after the first", async () => {
    const { port, calls } = recordingPort<WorkflowBuilderApi>(every(stored));
    const unknown = await new SaveActionMail(port).execute({ ...mail, mailBody: 'Dear {{nobody}}' } as never);
    expect(unknown).toMatchObject({ ok: false, reason: 'invalid', fields: { mailBody: expect.any(String) } });
    const hidden = await new SaveAttributeRoles(port).execute({
      workflowVersionId: 'v1',
      complianceId: 'IN_POSH',
      attributeId: 'a1',
      roles: ['MEMBER'],
    } as never);
    expect(hidden).toMatchObject({
      ok: false,
      fields: { roles: 'The presiding officer sees every field of the complaint' },
    });
    const early = await new SaveEscalation(port).execute({ ...escalation, secondThresholdDate: 5 } as never);
    expect(early).toMatchObject({
      ok: false,
      message: 'The second threshold comes after the first',
      fields: { secondThresholdDate: 'The second threshold comes after the first' },
    });
    expect(calls).toEqual([]);

    expect(await new SaveActionMail(port).execute(mail as never)).toEqual({ ok: true, answer: stored });
    expect(await new SaveEscalation(port).execute(escalation as never)).toEqual({ ok: true, answer: stored });
    expect(calls.map(([method]) => method)).toEqual(['saveActionSetting', 'saveEscalation']);
  });
});
