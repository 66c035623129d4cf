import { ContainerModule } from 'inversify';
import { UploadCourseFile } from '../../application/courses/authoring/upload-course-file.use-case';
import { AttachFieldResource } from '../../application/workflows/attach-field-resource.use-case';
import { AddWorkflowStep } from '../../application/workflows/add-workflow-step.use-case';
import { CreateWorkflowVersion } from '../../application/workflows/create-workflow-version.use-case';
import { CreateWorkflow } from '../../application/workflows/create-workflow.use-case';
import { PublishWorkflowVersion } from '../../application/workflows/publish-workflow-version.use-case';
import { RemoveWorkflowStep } from '../../application/workflows/remove-workflow-step.use-case';
import { WorkflowApi } from '../../application/workflows/workflow-api.port';
import { WorkflowBuilderApi } from '../../application/workflows/workflow-builder-api.port';
import { WorkflowDesignWrites, workflowDesignWrites } from '../../application/workflows/version-design.use-cases';
import { DEFAULT_UPLOAD_LIMITS } from '../../domain/files/uploads';
import { RuntimeConfigKey, type RuntimeConfig } from '../config/runtime-config';
import { ApiClient, LearningHttp } from '../http/api-client';
import { HttpCourseFilesApi, XhrFileTransfer } from '../http/learning/http-course-files-api';
import { HttpWorkflowApi } from '../http/case/http-workflow-api';
import { HttpWorkflowBuilderApi } from '../http/case/http-workflow-builder-api';

/** Bindings of the workflows area: its HTTP adapters, use cases (factory bindings) and view-models. */
export const workflowsModule = new ContainerModule(({ bind }) => {
  bind(WorkflowApi).to(HttpWorkflowApi).inSingletonScope();
  bind(WorkflowBuilderApi).to(HttpWorkflowBuilderApi).inSingletonScope();
  bind(WorkflowDesignWrites).toDynamicValue((ctx) =>
    workflowDesignWrites(ctx.get<WorkflowBuilderApi>(WorkflowBuilderApi)),
  );
  bind(CreateWorkflow).toDynamicValue((ctx) => new CreateWorkflow(ctx.get<WorkflowApi>(WorkflowApi)));
  bind(CreateWorkflowVersion).toDynamicValue((ctx) => new CreateWorkflowVersion(ctx.get<WorkflowApi>(WorkflowApi)));
  bind(AddWorkflowStep).toDynamicValue((ctx) => new AddWorkflowStep(ctx.get<WorkflowApi>(WorkflowApi)));
  bind(RemoveWorkflowStep).toDynamicValue((ctx) => new RemoveWorkflowStep(ctx.get<WorkflowApi>(WorkflowApi)));
  // The files flow of the course builder (learning API, DOCUMENT purpose), built here: the courses module loads with
  // its own screens, not with this one.
  bind(AttachFieldResource).toDynamicValue((ctx) => {
    const config = ctx.get<RuntimeConfig>(RuntimeConfigKey);
    const upload = new UploadCourseFile(
      new HttpCourseFilesApi(ctx.get<ApiClient>(LearningHttp)),
      new XhrFileTransfer(),
      { ...DEFAULT_UPLOAD_LIMITS, ...config.uploadLimits },
    );
    return new AttachFieldResource(upload, ctx.get<WorkflowBuilderApi>(WorkflowBuilderApi));
  });
  bind(PublishWorkflowVersion).toDynamicValue((ctx) => new PublishWorkflowVersion(ctx.get<WorkflowApi>(WorkflowApi)));
});
