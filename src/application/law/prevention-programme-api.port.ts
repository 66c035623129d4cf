import type { PreventionProgramme, PreventionProgrammeBody } from '../../contracts/case/prevention-programme.contract';

/** Canada's prevention programme (docs/law.md): the policy's elements confirmed and the joint reviews (CA-03, CA-12). */
export const PreventionProgrammeApi = Symbol('PreventionProgrammeApi');
export interface PreventionProgrammeApi {
  /** @read */
  programme(): Promise<PreventionProgramme>;
  save(body: PreventionProgrammeBody): Promise<PreventionProgramme>;
}
