import { CodedError } from '../domain/coded-error';

export interface FieldProblem {
  field: string;
  problems: string[];
}

// Thrown by the validation pipe; carries every field that failed, not only the first.
export class InputValidationError extends CodedError<'BAD_USER_INPUT'> {
  readonly code = 'BAD_USER_INPUT';
  constructor(readonly fields: FieldProblem[]) {
    super(
      `Invalid input: ${fields.map((f) => `${f.field} (${f.problems.join('; ')})`).join(', ')}`,
    );
  }

  override details(): Record<string, unknown> {
    return { fields: this.fields };
  }
}
