import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { loggerParams, REQUEST_SUBJECT, type RequestSubject } from './request-log';
import { WriteNotesInterceptor } from './write-log';

// Structured logs (pino): JSON lines in production, readable text in development.
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [LEDGER_CONFIG, REQUEST_SUBJECT],
      useFactory: (c: LedgerConfig, subject: RequestSubject) => loggerParams(c.ops, subject),
    }),
  ],
  // Notes each mutation resolver's result for its write log line (./write-log.ts).
  providers: [{ provide: APP_INTERCEPTOR, useClass: WriteNotesInterceptor }],
})
export class LoggingModule {}
