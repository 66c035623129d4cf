import { makeAutoObservable, runInAction } from 'mobx';
import { describeError } from '../../application/shared/api-error';

/**
 * The download links of the files an admin attached to fields of the complaint form (FormFiles), for the forms that
 * show them: the link of a field's file is asked for when its button is clicked; a refusal is kept to be said.
 */
export class FormFileLinks {
  error: string | null = null;

  constructor(private readonly ask: (attributeId: string) => Promise<string>) {
    makeAutoObservable<FormFileLinks, 'ask'>(this, { ask: false }, { autoBind: true });
  }

  /** The link of field `attributeId`'s file, or null with the reason in `error`. */
  async link(attributeId: string): Promise<string | null> {
    this.error = null;
    try {
      return await this.ask(attributeId);
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
      return null;
    }
  }
}
