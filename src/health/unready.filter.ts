import { Catch, ServiceUnavailableException, type ExceptionFilter } from '@nestjs/common';
import type { ArgumentsHost } from '@nestjs/common';
import type { Response } from 'express';

// A failed probe is an answer, not a server error: 503 with terminus's report as the body,
// kept away from the GraphQL error filter (which would log it as an internal error).
@Catch(ServiceUnavailableException)
export class UnreadyFilter implements ExceptionFilter {
  catch(exception: ServiceUnavailableException, host: ArgumentsHost): void {
    host.switchToHttp().getResponse<Response>().status(503).json(exception.getResponse());
  }
}
