import { describe, expect, it } from 'vitest';
import { SCORECARD, scoreAnswers } from '../../../src/domain/leads/scorecard';
import { isPersonalEmail } from '../../../src/domain/leads/lead';
import { workspaceAddress } from '../../../src/domain/leads/workspace-address';

describe('the compliance scorecard', () => {
  it('has ten questions per jurisdiction weighing 100 in all, each with a fix', () => {
    for (const set of SCORECARD) {
      expect(set.questions).toHaveLength(10);
      expect(set.questions.reduce((sum, q) => sum + q.weight, 0)).toBe(100);
      expect(new Set(set.questions.map((q) => q.id)).size).toBe(10);
      for (const q of set.questions) expect(q.fix).toMatch(/\((IN|CA)-\d\d/);
    }
  });

  it('scores the yes answers, lists the rest heaviest first, and counts an unanswered question as not in place', () => {
    const india = SCORECARD.find((s) => s.jurisdiction === 'IN')!;
    expect(scoreAnswers(india, new Set(india.questions.map((q) => q.id)))).toEqual({
      score: 100,
      band: 'good',
      fixes: [],
    });
    const none = scoreAnswers(india, new Set());
    expect(none.score).toBe(0);
    expect(none.band).toBe('at-risk');
    expect(none.fixes[0]).toContain('Internal Committee');
    const most = scoreAnswers(
      india,
      new Set(india.questions.filter((q) => q.id !== 'in-report' && q.id !== 'in-display').map((q) => q.id)),
    );
    expect(most).toMatchObject({ score: 80, band: 'gaps' });
    expect(most.fixes).toEqual([expect.stringContaining('annual report'), expect.stringContaining('Display')]);
  });
});

describe('the public site’s small rules', () => {
  it('tells a personal mail address from a work one', () => {
    expect(isPersonalEmail('asha@gmail.com')).toBe(true);
    expect(isPersonalEmail('asha@GMAIL.com')).toBe(true);
    expect(isPersonalEmail('asha@rao-textiles.in')).toBe(false);
  });

  it('turns what a visitor types into a workspace host, or refuses it', () => {
    expect(workspaceAddress('acme', 'localhost')).toBe('acme.localhost');
    expect(workspaceAddress(' Acme.Example.com ', 'safeplace.example')).toBe('acme.example.com');
    expect(workspaceAddress('https://acme.safeplace.example:8443/signin?x=1', 'safeplace.example')).toBe(
      'acme.safeplace.example',
    );
    for (const bad of [
      '',
      '   ',
      'acme corp',
      '-acme',
      'a..b',
      'javascript:alert(1)',
      'safeplace.example',
      '@evil.com',
    ]) {
      expect(workspaceAddress(bad, 'safeplace.example'), bad).toBeNull();
    }
  });
});
