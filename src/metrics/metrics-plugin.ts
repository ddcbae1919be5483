import type { ApolloServerPlugin } from '@apollo/server';
import type { OperationDefinitionNode } from 'graphql';
import type { LedgerMetrics } from './ledger-metrics';
import { writeOutcome } from '../kernel/graphql/write-outcome';

const AUTH_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN']);

// Root fields of a validated operation: schema field names only, so no label carries client text.
function rootFields(operation: OperationDefinitionNode): { key: string; name: string }[] {
  return operation.selectionSet.selections.flatMap((s) =>
    s.kind === 'Field' ? [{ key: s.alias?.value ?? s.name.value, name: s.name.value }] : [],
  );
}

// Counts every GraphQL request into the metrics: writes by command and outcome, latencies, rate
// limit and authentication refusals.
export function metricsPlugin(metrics: LedgerMetrics): ApolloServerPlugin {
  return {
    requestDidStart() {
      const started = process.hrtime.bigint();
      return Promise.resolve({
        willSendResponse({ operation, response }) {
          const body = response.body;
          const errors = body.kind === 'single' ? (body.singleResult.errors ?? []) : [];
          const data = body.kind === 'single' ? body.singleResult.data : undefined;
          for (const e of errors) {
            const code = String(e.extensions?.code ?? '');
            if (code === 'RATE_LIMITED') metrics.rateLimitHits.inc();
            if (AUTH_CODES.has(code)) metrics.authFailures.inc({ code });
          }
          if (!operation) return Promise.resolve();
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          const fields = rootFields(operation);
          if (operation.operation === 'mutation') {
            for (const f of fields) {
              const { outcome, code } = writeOutcome(errors, data, f.key);
              metrics.writes.inc({ command: f.name, outcome, code });
            }
            metrics.writeSeconds.observe({ command: fields[0]?.name ?? '' }, seconds);
          } else if (operation.operation === 'query')
            metrics.querySeconds.observe({ field: fields[0]?.name ?? '' }, seconds);
          return Promise.resolve();
        },
      });
    },
  };
}
