/** "1 person", "3 people": a count with the word that fits it. */
export const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
