export const SEEDED: RegExp;
export const ALLOWED: Record<string, string>;
export function checkSeedIndependence(root: string, allowed?: Record<string, string>): string[];
