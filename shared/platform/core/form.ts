/** A posted form: each field's values in the order sent (a field may repeat: ticked boxes, a table's rows). */
export type Form = Record<string, string[]>;
