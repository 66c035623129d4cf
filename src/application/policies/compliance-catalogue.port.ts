import type {
  Compliance,
  ComplianceCategory,
  CreateComplianceBody,
  CreateJurisdictionBody,
  Jurisdiction,
  UpdateComplianceBody,
} from '../../contracts/learning/catalogue.contract';

/** The platform admin's compliance catalogue (learning API, admin/jurisdiction, admin/compliance-category, admin/compliance). */
export const ComplianceCatalogueApi = Symbol('ComplianceCatalogueApi');
export interface ComplianceCatalogueApi {
  /** @read */
  jurisdictions(): Promise<Jurisdiction[]>;
  createJurisdiction(body: CreateJurisdictionBody): Promise<Jurisdiction>;
  renameJurisdiction(id: string, name: string): Promise<Jurisdiction>;
  deleteJurisdiction(id: string): Promise<void>;
  /** @read */
  categories(page: number, pageSize: number): Promise<{ items: ComplianceCategory[]; total: number }>;
  createCategory(name: string): Promise<ComplianceCategory>;
  renameCategory(id: string, name: string): Promise<ComplianceCategory>;
  deleteCategory(id: string): Promise<void>;
  /** @read */
  compliances(
    page: number,
    pageSize: number,
    filter: { jurisdictionId?: string; categoryId?: string; search?: string },
  ): Promise<{ items: Compliance[]; total: number }>;
  createCompliance(body: CreateComplianceBody): Promise<Compliance>;
  updateCompliance(body: UpdateComplianceBody): Promise<Compliance>;
  deleteCompliance(id: string): Promise<void>;
}
