/**
 * People of a workspace were created or changed (an import batch, an invitation claimed, a sign-up, an admin's edit).
 * The main API announces it after its transaction commits; other areas (the learning API's auto-assignment) listen.
 * In one process and awaited: the caller's answer comes once the listeners ran, so a person who claims an invitation
 * finds their auto-assigned courses at once. A listener's failure is logged, never the caller's failure: the person's
 * own change is already committed. (A process that dies between the commit and the listener misses that run; the rule
 * catches the person on its next save.)
 */
export type PeopleListener = (workspaceId: string, userIds: readonly string[]) => Promise<unknown>;

export class PeopleEvents {
  private readonly listeners: PeopleListener[] = [];

  constructor(private readonly log: (message: string, error?: unknown) => void = () => {}) {}

  on(listener: PeopleListener): void {
    this.listeners.push(listener);
  }

  async changed(workspaceId: string, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    for (const listener of this.listeners) {
      try {
        await listener(workspaceId, userIds);
      } catch (error) {
        this.log('a listener of people changes failed', error);
      }
    }
  }
}
