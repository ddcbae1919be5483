import { Controller, Get, Inject, UseFilters } from '@nestjs/common';
import {
  HealthCheck,
  HealthCheckService,
  HealthIndicatorService,
  type HealthIndicatorResult,
} from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import { LEDGER_CONFIG, type LedgerConfig } from '../config/configuration';
import { MatchProjector } from '../projections/match-projector';
import { ShutdownState } from './shutdown-state';
import { UnreadyFilter } from './unready.filter';

// Liveness: the process answers. Readiness: the store answers, the read model is caught up
// within LEDGER_READY_MAX_LAG events, and the server is not shutting down. Probes are outside
// the rate limit and need no token; they reveal no ledger content.
@SkipThrottle({ client: true })
@UseFilters(UnreadyFilter)
@Controller('health')
export class HealthController {
  constructor(
    @Inject(HealthCheckService) private readonly health: HealthCheckService,
    @Inject(HealthIndicatorService) private readonly indicators: HealthIndicatorService,
    @Inject(MatchProjector) private readonly projector: MatchProjector,
    @Inject(ShutdownState) private readonly shutdown: ShutdownState,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
  ) {}

  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([() => this.indicators.check('process').up()]);
  }

  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([() => this.readModel(), () => this.accepting()]);
  }

  // One read answers both questions: the store is reachable, and how far behind the views are.
  private async readModel(): Promise<HealthIndicatorResult> {
    const max = this.config.ops.readyMaxLagEvents;
    const store = this.indicators.check('store');
    let lag: number;
    try {
      lag = await this.projector.lag(max + 1);
    } catch (err) {
      return store.down({ message: err instanceof Error ? err.message : String(err) });
    }
    const views = this.indicators.check('readModel');
    const detail = { lagEvents: lag, maxLagEvents: max };
    return {
      ...store.up(),
      ...(lag <= max ? views.up(detail) : views.down(detail)),
    } as HealthIndicatorResult;
  }

  private accepting(): HealthIndicatorResult {
    const s = this.indicators.check('shutdown');
    return this.shutdown.shuttingDown ? s.down({ shuttingDown: true }) : s.up();
  }
}
