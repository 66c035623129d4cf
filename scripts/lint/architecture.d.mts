export function cruise(cwd: string, targets?: string[], config?: string): { ok: boolean; output: string };
