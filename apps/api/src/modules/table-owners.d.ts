// Types of table-owners.js (plain JavaScript so eslint.config.js can read it).
export declare const tableOwners: Record<string, string[]>;
export declare const infrastructureTables: Record<string, string>;
export declare const crossings: Record<
  string,
  { tables: string[]; why: string; kind: 'declared' | 'toMove' }[]
>;
