export const portWritesConfig: object;
export function checkPortWrites(root: string): Promise<{ ok: boolean; problems: string[] }>;
