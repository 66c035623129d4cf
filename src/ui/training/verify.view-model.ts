import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { describeError } from '../../application/shared/api-error';
import { CertificateVerificationApi, type VerifiedCertificate } from '../../application/training/training-api.port';
import { showDate } from './training-labels';

/** The public verification page: what the certificate with this code says, to compare with the printed one. */
@injectable()
export class VerifyCertificateViewModel {
  status: 'loading' | 'found' | 'not-found' | 'error' = 'loading';
  error: string | null = null;
  certificate: VerifiedCertificate | null = null;
  code = '';

  constructor(@inject(CertificateVerificationApi) private readonly api: CertificateVerificationApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(code: string): Promise<void> {
    this.code = code;
    this.status = 'loading';
    this.error = null;
    try {
      const certificate = await this.api.verify(code);
      runInAction(() => {
        this.certificate = certificate;
        this.status = certificate ? 'found' : 'not-found';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  /** Every field printed on the certificate, in the order it prints them. */
  get rows(): { label: string; value: string }[] {
    const c = this.certificate;
    if (!c) return [];
    const rows = [
      { label: 'Name', value: c.learnerName },
      { label: 'Course', value: c.courseTitle },
      { label: 'Completed on', value: showDate(c.completedAt) },
      { label: 'Valid until', value: c.expiresAt ? showDate(c.expiresAt) : 'Does not expire' },
      ...(c.issuedAt ? [{ label: 'Issued on', value: showDate(c.issuedAt) }] : []),
      ...(c.workspaceName ? [{ label: 'Issued by', value: c.workspaceName }] : []),
      ...c.fields,
      { label: 'Verification code', value: c.code },
    ];
    const seen = new Set<string>();
    return rows.filter((r) => (seen.has(r.label) ? false : (seen.add(r.label), true)));
  }
}
