// The record types of every table. Each model file adds its table by declaration merging:
//
//   declare module '../store/tables' { interface Tables { tickets: Ticket } }
//
// so resource files can be written in parallel without editing one shared list.
export interface Row {
  id: number;
}

// biome-ignore lint/suspicious/noEmptyInterface: filled in by the model files through declaration merging.
export interface Tables {}

export type TableName = keyof Tables & string;
export type RowOf<T extends TableName> = Tables[T] extends Row ? Tables[T] : never;
/** A new record: the store assigns the id. */
export type NewRow<T extends TableName> = Omit<RowOf<T>, 'id'>;
