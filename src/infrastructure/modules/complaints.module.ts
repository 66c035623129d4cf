import { ContainerModule } from 'inversify';
import { ComplaintsApi } from '../../application/complaints/complaints-api.port';
import { UploadEvidence } from '../../application/complaints/upload-evidence.use-case';
import { HttpComplaintsApi } from '../http/case/http-complaints-api';
import { XhrFileTransfer } from '../http/learning/http-course-files-api';

/** Bindings of the complaints area: its HTTP adapter and the evidence upload (its own transfer, so the courses area's binding stays single). */
export const complaintsModule = new ContainerModule(({ bind }) => {
  bind(ComplaintsApi).to(HttpComplaintsApi).inSingletonScope();
  bind(UploadEvidence).toDynamicValue((ctx) => new UploadEvidence(ctx.get<ComplaintsApi>(ComplaintsApi), new XhrFileTransfer()));
});
