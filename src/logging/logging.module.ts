import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { Request } from 'express';
import { LoggerModule } from 'nestjs-pino';
import { TokenService } from '../api/auth/tokens';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { loggerParams } from './request-log';
import { WriteNotesInterceptor } from './write-log';

// Structured logs (pino): JSON lines in production, readable text in development.
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [LEDGER_CONFIG, TokenService],
      useFactory: (c: LedgerConfig, tokens: TokenService) =>
        loggerParams(c.ops, (req) => {
          try {
            return tokens.principalOf(req as Request)?.subject ?? null;
          } catch {
            return null;
          }
        }),
    }),
  ],
  // Notes each mutation resolver's result for its write log line (./write-log.ts).
  providers: [{ provide: APP_INTERCEPTOR, useClass: WriteNotesInterceptor }],
})
export class LoggingModule {}
