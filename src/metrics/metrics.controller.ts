import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { SkipThrottle } from '@nestjs/throttler';
import type { Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { LedgerMetrics } from './ledger-metrics';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

// Prometheus scrape endpoint. Open unless LEDGER_METRICS_TOKEN is set; then the scraper sends it
// as a bearer token (the ledger's own role tokens are not accepted here: a scraper is no user).
@SkipThrottle({ client: true })
@Controller()
export class MetricsController {
  constructor(
    @Inject(LedgerMetrics) private readonly metrics: LedgerMetrics,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
  ) {}

  @Get('metrics')
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const token = this.config.ops.metricsToken;
    if (token && !sameToken(authorization ?? '', `Bearer ${token}`)) {
      res.status(401).set('WWW-Authenticate', 'Bearer').type('text/plain').send('unauthorized\n');
      return;
    }
    res.type(this.metrics.registry.contentType).send(await this.metrics.text());
  }
}
