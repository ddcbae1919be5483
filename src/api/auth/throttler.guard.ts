import { Inject, Injectable, Logger, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { TokenService } from './tokens';

// Rate limit per client: the token's subject when there is a valid one, else the address. One
// budget per client across all operations (each GraphQL root field counts once).
@Injectable()
export class ClientThrottlerGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    @Inject(Reflector) reflector: Reflector,
    @Inject(TokenService) private readonly tokens: TokenService,
  ) {
    super(options, storage, reflector);
  }

  protected override getRequestResponse(context: ExecutionContext): {
    req: Record<string, any>;
    res: Record<string, any>;
  } {
    if (context.getType<GqlContextType>() !== 'graphql') return super.getRequestResponse(context);
    const req = GqlExecutionContext.create(context).getContext<{ req: Request }>().req;
    return { req, res: req.res ?? { header: () => undefined } };
  }

  protected override getTracker(req: Record<string, any>): Promise<string> {
    try {
      const principal = this.tokens.principalOf(req as Request);
      if (principal) return Promise.resolve(`sub:${principal.subject}`);
    } catch {
      // An invalid token is refused by the auth guard; it is limited by address meanwhile.
    }
    // A subscription's request is the WebSocket upgrade: its ip is set by src/live/upgrade-address.ts.
    const address = (req as Request).ip ?? (req as Request).socket?.remoteAddress;
    return Promise.resolve(`ip:${address ?? 'unknown'}`);
  }

  // Each refusal is logged with the client it counts against (subject or address, never the token).
  protected override async throwThrottlingException(
    context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    new Logger('RateLimit').warn(
      `rate limit hit by ${detail.tracker}: ${detail.totalHits} requests in ${detail.ttl} ms (limit ${detail.limit})`,
    );
    return super.throwThrottlingException(context, detail);
  }

  protected override generateKey(_context: ExecutionContext, suffix: string, name: string): string {
    return createHash('sha256').update(`${name}-${suffix}`).digest('hex');
  }
}
