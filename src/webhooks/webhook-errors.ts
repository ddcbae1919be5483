import { CodedError } from '../domain/coded-error';

export type WebhookErrorCode = 'BAD_USER_INPUT' | 'NOT_FOUND';

// The webhooks module's one error type.
export class WebhookError extends CodedError<WebhookErrorCode> {
  constructor(
    readonly code: WebhookErrorCode,
    message: string,
  ) {
    super(message);
  }
}
