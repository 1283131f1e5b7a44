import type { VatCategory } from './model.ts';

/** The infix of each VAT category's rules in EN 16931 (BR-S-02, BR-IC-02 for K, intra-community). */
export const CATEGORY_RULE: Readonly<Record<VatCategory, string>> = { S: 'S', Z: 'Z', E: 'E', AE: 'AE', K: 'IC', G: 'G', O: 'O' };
