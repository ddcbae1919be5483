// The one base of every module's error type: `code` says what went wrong in a word that clients
// and the GraphQL error table switch on; the message says it in a sentence.
export abstract class CodedError<Code extends string = string> extends Error {
  abstract readonly code: Code;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }

  // What a client needs beyond the code to act on the error (served beside it).
  details(): Record<string, unknown> {
    return {};
  }
}
