import { CodedError } from '../domain/coded-error';

export type ImportErrorCode = 'BAD_FILE' | 'BAD_ROWS';

export interface BadRow {
  line: number;
  reason: string;
}

// The import's one error type: the file is refused whole, with every bad row's line and reason.
export class ImportError extends CodedError<ImportErrorCode> {
  constructor(
    readonly code: ImportErrorCode,
    readonly rows: BadRow[],
  ) {
    super(
      `The file is refused (nothing imported): ${rows.length} bad ${rows.length === 1 ? 'row' : 'rows'}; ` +
        rows
          .slice(0, 20)
          .map((r) => `line ${r.line}: ${r.reason}`)
          .join('; ') +
        (rows.length > 20 ? `; and ${rows.length - 20} more` : ''),
    );
  }

  override details(): Record<string, unknown> {
    return { badRows: this.rows.slice(0, 1000) };
  }
}
