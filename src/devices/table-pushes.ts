// Which match the desk has pushed to a table's tablet: what a table-bound device may write to.
// Declared and provided by the devices feature; the auth guard asks it for table-bound tokens
// only.
export interface TablePushes {
  pushedMatch(tableId: string): string | null;
}

export const TABLE_PUSHES = Symbol('TABLE_PUSHES');
