export type ShapeRule = 'routesWithSql' | 'servicesWithSql' | 'servicesThrowingHttp';
export type ShapeBaseline = Partial<Record<ShapeRule, string[]>>;
export const SQL: RegExp;
export const HTTP: RegExp;
export function checkShape(
  root: string,
  baseline: ShapeBaseline,
): { problems: string[]; found: Record<ShapeRule, string[]> };
export function readBaseline(root: string): ShapeBaseline;
