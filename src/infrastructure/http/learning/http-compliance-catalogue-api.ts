import { inject, injectable } from 'inversify';
import type { ComplianceCatalogueApi } from '../../../application/policies/compliance-catalogue.port';
import {
  categoryCreate,
  categoryDelete,
  categoryList,
  categoryUpdate,
  complianceCreate,
  complianceDelete,
  complianceList,
  complianceUpdate,
  jurisdictionCreate,
  jurisdictionDelete,
  jurisdictionList,
  jurisdictionUpdate,
  type CreateComplianceBody,
  type CreateJurisdictionBody,
  type UpdateComplianceBody,
} from '../../../contracts/learning/catalogue.contract';
import { ApiClient, LearningHttp } from '../api-client';

@injectable()
export class HttpComplianceCatalogueApi implements ComplianceCatalogueApi {
  constructor(@inject(LearningHttp) private readonly learning: ApiClient) {}

  async jurisdictions() {
    return (await this.learning.call(jurisdictionList)).items;
  }

  createJurisdiction(body: CreateJurisdictionBody) {
    return this.learning.call(jurisdictionCreate, { body });
  }

  renameJurisdiction(id: string, name: string) {
    return this.learning.call(jurisdictionUpdate, { params: { id }, body: { name } });
  }

  async deleteJurisdiction(id: string) {
    await this.learning.call(jurisdictionDelete, { params: { id } });
  }

  categories(page: number, pageSize: number) {
    return this.learning.call(categoryList, { query: { page, pageSize } });
  }

  createCategory(name: string) {
    return this.learning.call(categoryCreate, { body: { name } });
  }

  renameCategory(id: string, name: string) {
    return this.learning.call(categoryUpdate, { body: { id, name } });
  }

  async deleteCategory(id: string) {
    await this.learning.call(categoryDelete, { query: { id } });
  }

  compliances(
    page: number,
    pageSize: number,
    filter: { jurisdictionId?: string; categoryId?: string; search?: string },
  ) {
    return this.learning.call(complianceList, {
      query: {
        page,
        pageSize,
        jurisdictionId: filter.jurisdictionId,
        categoryId: filter.categoryId,
        search: filter.search || undefined,
      },
    });
  }

  createCompliance(body: CreateComplianceBody) {
    return this.learning.call(complianceCreate, { body });
  }

  updateCompliance(body: UpdateComplianceBody) {
    return this.learning.call(complianceUpdate, { body });
  }

  async deleteCompliance(id: string) {
    await this.learning.call(complianceDelete, { query: { id } });
  }
}
