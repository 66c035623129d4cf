import { describe, expect, it } from 'vitest';
import {
  actionNeedsParty,
  canEdit,
  canPublish,
  meetingForm,
  stepProblems,
} from '../../../src/domain/workflows/workflow-rules';

describe('version status rules', () => {
  it('lets only drafts be edited', () => {
    expect(canEdit({ status: 'DRAFT' })).toBe(true);
    expect(canEdit({ status: 'PUBLISHED' })).toBe(false);
    expect(canEdit({ status: 'ARCHIVED' })).toBe(false);
  });

  it('publishes only a draft with at least one step, and says why not otherwise', () => {
    expect(canPublish({ status: 'DRAFT', stepCount: 2 })).toEqual({ ok: true });
    expect(canPublish({ status: 'DRAFT', stepCount: 0 })).toMatchObject({
      ok: false,
      reason: 'no-steps',
      message: expect.stringMatching(/at least one step/),
    });
    expect(canPublish({ status: 'PUBLISHED', stepCount: 2 })).toMatchObject({ ok: false, reason: 'already-published' });
    expect(canPublish({ status: 'ARCHIVED', stepCount: 2 })).toMatchObject({ ok: false, reason: 'archived' });
  });
});

describe('meeting form', () => {
  it('always holds the six required fields, in the form order', () => {
    const form = meetingForm();
    expect(form.map((f) => f.key)).toEqual(['TITLE', 'AGENDA', 'START_TIME', 'END_TIME', 'LOCATION', 'GUESTS']);
    expect(form.every((f) => f.required)).toBe(true);
    expect(form.find((f) => f.key === 'LOCATION')!.label).toMatch(/online meeting link/);
  });

  it('adds the chosen optional fields (minutes, outcome) after them, once each', () => {
    const form = meetingForm(['OUTCOME', 'MINUTES', 'OUTCOME', 'TITLE']);
    expect(form.map((f) => f.key).slice(6)).toEqual(['MINUTES', 'OUTCOME']);
    expect(form.filter((f) => !f.required)).toHaveLength(2);
    expect(form).toHaveLength(8);
  });
});

describe('step rules', () => {
  it('accepts a meeting and an action step', () => {
    expect(stepProblems({ kind: 'MEETING', name: 'Hearing', meetingFieldList: ['MINUTES'] })).toEqual({});
    expect(stepProblems({ kind: 'ACTION', name: 'Inform', actionTypes: ['INFORM_RESPONDENT'] })).toEqual({});
    expect(stepProblems({ kind: 'ACTION', name: 'Tell', actionTypes: ['NOTIFY'], party: 'EMPLOYER' })).toEqual({});
  });

  it('names each problem by its field', () => {
    expect(stepProblems({ kind: 'MEETING', name: '  ' })).toHaveProperty('name');
    expect(stepProblems({ kind: 'ACTION', name: 'Act', actionTypes: [] })).toHaveProperty('actionTypes');
    expect(
      stepProblems({ kind: 'ACTION', name: 'Act', actionTypes: ['NOTIFY', 'NOTIFY'], party: 'EMPLOYER' }),
    ).toHaveProperty('actionTypes');
    expect(stepProblems({ kind: 'ACTION', name: 'Tell', actionTypes: ['NOTIFY'] })).toHaveProperty('party');
    expect(
      stepProblems({ kind: 'ACTION', name: 'Move', actionTypes: ['TRANSFER_COMPLAINT'], party: 'RESPONDENT' }),
    ).toHaveProperty('party');
    expect(stepProblems({ kind: 'MEETING', name: 'M', actionTypes: ['NOTIFY'] })).toHaveProperty('actionTypes');
    expect(
      stepProblems({ kind: 'ACTION', name: 'A', actionTypes: ['INFORM_EMPLOYER'], meetingFieldList: ['MINUTES'] }),
    ).toHaveProperty('meetingFieldList');
  });

  it('asks for a party only when the step notifies', () => {
    expect(actionNeedsParty(['NOTIFY', 'INFORM_EMPLOYER'])).toBe(true);
    expect(actionNeedsParty(['INFORM_RESPONDENT', 'TRANSFER_COMPLAINT'])).toBe(false);
  });
});
