// The one base of every module's error type: `code` says what went wrong in a word that clients
// and the GraphQL error table can switch on; the message says it in a sentence.
export class CodedError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
