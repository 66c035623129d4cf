import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { GenerateReturn } from '../../application/law/generate-return.use-case';
import { LawApi, type AnyReturn } from '../../application/law/law-api.port';
import { SaveReturnInputs } from '../../application/law/save-return-inputs.use-case';
import { describeError } from '../../application/shared/api-error';
import type { ReturnInputs, ReturnKind, ReturnsOverview } from '../../contracts/case/law.contract';

/** The returns page: the inputs first (a wizard's first step), then a return's figures and its PDF or XLSX, and the list. */
@injectable()
export class ReturnsViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  overview: ReturnsOverview | null = null;
  inputs: ReturnInputs | null = null;
  savingInputs = false;
  inputErrors: Record<string, string> = {};
  inputMessage: string | null = null;
  preview: AnyReturn | null = null;
  previewing = false;
  generating: 'pdf' | 'xlsx' | null = null;
  generateError: string | null = null;
  /** The last file made, to open or save again. */
  lastFile: { url: string; fileName: string } | null = null;

  constructor(
    @inject(LawApi) private readonly api: LawApi,
    @inject(SaveReturnInputs) private readonly saveInputsUseCase: SaveReturnInputs,
    @inject(GenerateReturn) private readonly generateUseCase: GenerateReturn,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const [overview, inputs] = await Promise.all([this.api.returnsOverview(), this.api.returnInputs()]);
      runInAction(() => {
        this.overview = overview;
        this.inputs = inputs;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  async saveInputs(values: ReturnInputs): Promise<boolean> {
    this.savingInputs = true;
    this.inputErrors = {};
    this.inputMessage = null;
    const outcome = await this.saveInputsUseCase.execute(values);
    runInAction(() => {
      this.savingInputs = false;
      if (outcome.ok) this.inputs = outcome.inputs;
      else {
        this.inputErrors = outcome.fields;
        this.inputMessage = outcome.message;
      }
    });
    return outcome.ok;
  }

  async showFigures(kind: ReturnKind, period: string): Promise<void> {
    this.previewing = true;
    this.generateError = null;
    try {
      const figures = await this.api.returnFigures(kind, period.trim());
      runInAction(() => {
        this.preview = figures;
        this.previewing = false;
      });
    } catch (error) {
      runInAction(() => {
        this.previewing = false;
        this.preview = null;
        this.generateError = describeError(error);
      });
    }
  }

  async generate(kind: ReturnKind, period: string, format: 'pdf' | 'xlsx'): Promise<void> {
    this.generating = format;
    this.generateError = null;
    const outcome = await this.generateUseCase.execute(kind, period, format);
    if (outcome.ok) {
      const url = URL.createObjectURL(outcome.file);
      runInAction(() => {
        if (this.lastFile) URL.revokeObjectURL(this.lastFile.url);
        this.lastFile = { url, fileName: outcome.fileName };
        this.generating = null;
      });
      await this.load();
    } else {
      runInAction(() => {
        this.generating = null;
        const missing = Object.keys(outcome.fields);
        this.generateError =
          missing.length && outcome.reason === 'conflict'
            ? `${outcome.message}: ${missing.map((m) => INPUT_LABELS[m as keyof ReturnInputs] ?? m).join(', ')}`
            : outcome.message;
      });
    }
  }
}

export const INPUT_LABELS: Record<keyof ReturnInputs, string> = {
  employerName: 'Employer’s name',
  employerAddress: 'Employer’s address',
  districtOfficer: 'The District Officer (name and address)',
  businessNumber: 'Business number',
  contactName: 'Contact person',
  contactEmail: 'Contact email',
  contactPhone: 'Contact phone',
};
