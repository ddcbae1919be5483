import type { Request as ExpressRequest } from 'express';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import type { GraphQLWsSubscriptionsConfig } from '@nestjs/graphql';
import { Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { ThrottlerModule } from '@nestjs/throttler';
import { AuthGuard } from './api/auth/auth.guard';
import { ClientThrottlerGuard } from './api/auth/throttler.guard';
import { clientOf, TokenService } from './api/auth/tokens';
import { CostBudget } from './kernel/graphql/cost';
import { RevocationList } from './api/auth/revocations';
import { AppealsModule } from './appeals/appeals.module';
import { AuditModule } from './audit/audit.module';
import { GraphqlErrorFilter, toGraphQLError } from './api/graphql/errors';
import {
  admitOnConnection,
  aliasRule,
  complexityPlugin,
  depthRule,
  type Admission,
} from './api/graphql/limits';
import { sqliteCounts } from './kernel/graphql/prices';
import type { GraphQLSchema } from 'graphql';
import { ReadModel } from './projections/read-model';
import { PositionWaiter } from './projections/position-waiter';
import {
  atLeastPositionDirective,
  readYourWritesPlugin,
  WriteScopeInterceptor,
} from './api/graphql/read-your-writes';
import type { GqlContext } from './kernel/request-context';
import { LEDGER_CONFIG, ledgerConfig, type LedgerConfig } from './config/configuration';
import { LedgerModule } from './ledger/ledger.module';
import { TOKEN_ISSUER } from './devices/enrolment.service';
import { EXPORT_BUDGET } from './exports/exports.controller';
import { REQUEST_SUBJECT, type RequestSubject } from './logging/request-log';
import { STORE_CONFIG, STORE_DECORATOR } from './ledger/store-config';
import { meteredStore } from './metrics/timed-event-store';
import { EVENT_STORE } from './ledger/event-store';
import { MATCH_REPLAY } from './kernel/match/match-replay.port';
import { METER } from './kernel/meter.port';
import { matchReplay } from './matches/match-replay';
import { liveServerOptions } from './live/live-gate';
import { LiveModule } from './live/live.module';
import { PROJECTIONS, READ_MODEL_FILE } from './projections/projection';
import { ProjectionsModule } from './projections/projections.module';
import { featureProjections } from './read-models';
import { MatchesModule } from './matches/matches.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { RatingsModule } from './ratings/ratings.module';
import { ViewerModule } from './viewer/viewer.module';
import { ConsoleModule } from './console/console.module';
import { StatsModule } from './stats/stats.module';
import { PrivacyModule } from './privacy/privacy.module';
import { RegistryModule } from './registry/registry.module';
import { ExportsModule } from './exports/exports.module';
import { ResultsFilesModule } from './results-files/results-files.module';
import { ImportsModule } from './imports/imports.module';
import { DevicesModule } from './devices/devices.module';
import { BoardModule } from './board/board.module';
import { DeskModule } from './desk/desk.module';
import { HealthModule } from './health/health.module';
import { shutdownPlugin } from './health/shutdown-plugin';
import { ShutdownState } from './health/shutdown-state';
import { LoggingModule } from './logging/logging.module';
import { ReplicasModule } from './replicas/replicas.module';
import { RevocationsModule } from './api/auth/revocations.module';
import { LayoutsModule } from './layouts/layouts.module';
import { operationLogPlugin } from './logging/request-log';
import { writeLogPlugin } from './logging/write-log';
import { LedgerMetrics } from './metrics/ledger-metrics';
import { MetricsModule } from './metrics/metrics.module';
import { metricsPlugin } from './metrics/metrics-plugin';

// The validated settings (src/config) and the token service, available to every module.
@Global()
@Module({
  providers: [
    { provide: LEDGER_CONFIG, inject: [ledgerConfig.KEY], useFactory: (c: LedgerConfig) => c },
    { provide: PROJECTIONS, useFactory: featureProjections },
    { provide: LedgerMetrics, useFactory: () => new LedgerMetrics() },
    // The ports the ledger and the projections declare, from the settings and the metrics.
    { provide: STORE_CONFIG, inject: [LEDGER_CONFIG], useFactory: (c: LedgerConfig) => c.store },
    { provide: STORE_DECORATOR, inject: [LedgerMetrics], useFactory: meteredStore },
    // The ports features declare that the shell's services fill.
    { provide: TOKEN_ISSUER, useExisting: TokenService },
    // The kernel's ports the features that own them fill.
    { provide: MATCH_REPLAY, inject: [EVENT_STORE], useFactory: matchReplay },
    { provide: METER, useExisting: LedgerMetrics },
    { provide: EXPORT_BUDGET, useExisting: CostBudget },
    { provide: REQUEST_SUBJECT, inject: [TokenService], useFactory: requestSubject },
    {
      provide: READ_MODEL_FILE,
      inject: [LEDGER_CONFIG],
      useFactory: (c: LedgerConfig) => c.readModelFile,
    },
    ShutdownState,
    {
      provide: TokenService,
      inject: [LEDGER_CONFIG],
      useFactory: (c: LedgerConfig) =>
        new TokenService({
          secret: c.auth.jwtSecret,
          issuer: c.auth.issuer,
          maxLifetimeSeconds: c.auth.maxLifetimeSeconds,
          clockSkewSeconds: c.auth.clockSkewSeconds,
          revocations: new RevocationList(c.auth.revocationFile, c.auth.revocationPollMs),
        }),
    },
    {
      provide: CostBudget,
      inject: [LEDGER_CONFIG],
      useFactory: (c: LedgerConfig) =>
        new CostBudget(c.limits.rateCostLimit, c.limits.rateWindowMs),
    },
  ],
  exports: [
    LEDGER_CONFIG,
    PROJECTIONS,
    STORE_CONFIG,
    STORE_DECORATOR,
    READ_MODEL_FILE,
    TOKEN_ISSUER,
    MATCH_REPLAY,
    METER,
    EXPORT_BUDGET,
    REQUEST_SUBJECT,
    TokenService,
    CostBudget,
    LedgerMetrics,
    ShutdownState,
  ],
})
export class SettingsModule {}

// The subject of a request's bearer token for the log line; none when it has no valid one.
function requestSubject(tokens: TokenService): RequestSubject {
  return (req) => {
    try {
      return tokens.principalOf(req as ExpressRequest)?.subject ?? null;
    } catch {
      return null;
    }
  };
}

function graphqlOptions(
  c: LedgerConfig,
  tokens: TokenService,
  budget: CostBudget,
  metrics: LedgerMetrics,
  shutdown: ShutdownState,
  readModel: ReadModel,
  waiter: PositionWaiter,
): ApolloDriverConfig {
  // One admission for HTTP and the WebSocket: the same limit, budget and row counts.
  const admission: Admission = {
    maximum: c.limits.maxComplexity,
    budget,
    counts: sqliteCounts(readModel.database),
  };
  let served: GraphQLSchema | undefined;
  return {
    // Subscriptions over graphql-ws at the same path; auth at connect, limits: src/live/live-gate.ts.
    subscriptions: {
      // Nest's type names only some hooks, but every option reaches graphql-ws's useServer.
      'graphql-ws': liveServerOptions(
        {
          requireToken: c.live.requireToken,
          maxConnections: c.live.maxConnections,
          maxSubscriptionsPerConnection: c.live.maxSubscriptionsPerConnection,
          maxTokens: c.limits.maxTokens,
          validationRules: [aliasRule(), depthRule(c.limits.maxDepth)],
        },
        (token) => tokens.verify(token),
        {
          schema: () => served,
          admit: (schema, document, operationName, variables, client, request) =>
            admitOnConnection(
              admission,
              schema,
              document,
              operationName,
              variables,
              client,
              request,
            ),
        },
      ) as GraphQLWsSubscriptionsConfig,
    },
    // Code first; schema.graphql at the root is written by `npm run schema` and checked by a test.
    autoSchemaFile: true,
    sortSchema: true,
    buildSchemaOptions: { directives: [atLeastPositionDirective] },
    // Kept for the WebSocket's admission, which graphql-ws does not hand the schema.
    transformSchema: (schema: GraphQLSchema) => (served = schema),
    // Apollo's landing pages (GraphiQL, Sandbox, Playground) load from a CDN: all off. The IDE is
    // Altair, served by this server at /altair when LEDGER_GRAPHQL_LANDING_PAGE is on (bootstrap.ts).
    playground: false,
    graphiql: false,
    introspection: c.graphql.introspection,
    // No "Did you mean …" naming fields when the schema is not public.
    hideSchemaDetailsFromClientErrors: !c.graphql.introspection,
    includeStacktraceInErrorResponses: false,
    // Too many aliases are refused before this (aliasLimit in bootstrap.ts).
    validationRules: [depthRule(c.limits.maxDepth)],
    // A document of thousands of aliases is refused while parsing (GRAPHQL_PARSE_FAILED), before
    // validation, whose work grows with it, holds the event loop.
    parseOptions: { maxTokens: c.limits.maxTokens },
    plugins: [
      shutdownPlugin(shutdown),
      metricsPlugin(metrics),
      operationLogPlugin(),
      writeLogPlugin(),
      complexityPlugin(admission, (req) => clientOf(tokens, req)),
      readYourWritesPlugin(waiter, c.replicas.readWaitMs),
    ],
    context: ({ req }: GqlContext): GqlContext => ({ req }),
    formatError: (formatted, error) => {
      // Errors thrown outside resolvers (e.g. argument coercion) keep graphql's own code.
      const code = formatted.extensions?.code;
      if (code && code !== 'INTERNAL_SERVER_ERROR') {
        const { stacktrace: _s, exception: _e, ...extensions } = formatted.extensions ?? {};
        return { ...formatted, extensions };
      }
      const original = (error as { originalError?: unknown }).originalError;
      const mapped = toGraphQLError(original ?? error);
      // graphql-js's own request errors (e.g. an operation type the schema does not serve) come
      // without a code: they are the client's to fix.
      return {
        message: mapped.message,
        path: formatted.path,
        locations: formatted.locations,
        extensions: { ...mapped.extensions, code: mapped.extensions.code ?? 'BAD_REQUEST' },
      };
    },
  };
}

@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [ledgerConfig] }),
    SettingsModule,
    LoggingModule,
    ThrottlerModule.forRootAsync({
      inject: [LEDGER_CONFIG],
      useFactory: (c: LedgerConfig) => ({
        throttlers: [{ name: 'client', ttl: c.limits.rateWindowMs, limit: c.limits.rateLimit }],
      }),
    }),
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      inject: [
        LEDGER_CONFIG,
        TokenService,
        CostBudget,
        LedgerMetrics,
        ShutdownState,
        ReadModel,
        PositionWaiter,
      ],
      useFactory: graphqlOptions,
    }),
    LedgerModule,
    ProjectionsModule,
    ReplicasModule,
    RevocationsModule,
    MatchesModule,
    LayoutsModule,
    AppealsModule,
    AuditModule,
    LiveModule,
    WebhooksModule,
    RatingsModule,
    ViewerModule,
    ConsoleModule,
    StatsModule,
    ResultsFilesModule,
    ImportsModule,
    PrivacyModule,
    RegistryModule,
    ExportsModule,
    DevicesModule,
    BoardModule,
    DeskModule,
    HealthModule,
    MetricsModule,
  ],
  providers: [
    { provide: APP_FILTER, useClass: GraphqlErrorFilter },
    // In this order: a flood is refused before any token work; then every mutation is checked.
    { provide: APP_GUARD, useClass: ClientThrottlerGuard },
    { provide: APP_GUARD, useClass: AuthGuard },
    // Notes what each request appends, for its response's ledger position.
    { provide: APP_INTERCEPTOR, useClass: WriteScopeInterceptor },
  ],
})
export class AppModule {}
