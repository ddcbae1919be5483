import { commandFromColumns, writePathCommand } from './row-codec';

// id, JSON (or null), then the columns of COMMAND_FIELDS and the hash as hex.
export type CommandRow = [number, string | null, ...(string | null)[]];

// Each command's fields of a read, parsed once when first asked for; a missing row (deleted)
// gives none.
export class CommandFields {
  private readonly parsed = new Map<
    number,
    { fields: Record<string, unknown>; writePath: boolean }
  >();

  constructor(private readonly rows: Map<number, CommandRow>) {}

  get(id: number): { fields: Record<string, unknown>; writePath: boolean } | null {
    let command = this.parsed.get(id);
    if (command) return command;
    const row = this.rows.get(id);
    if (row === undefined) return null;
    if (row[1] === null)
      command = { fields: commandFromColumns(row.slice(2) as (string | null)[]), writePath: true };
    else {
      const fields = JSON.parse(row[1]) as Record<string, unknown>;
      command = { fields, writePath: writePathCommand(fields) };
    }
    this.parsed.set(id, command);
    return command;
  }
}
