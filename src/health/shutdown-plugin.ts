import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import type { ShutdownState } from './shutdown-state';

// Mutations during a shutdown are refused before they touch the ledger (503, UNAVAILABLE: the
// client retries against another replica or later); the ones already running are counted so the
// shutdown waits for them. Queries keep being served until the listener closes.
export function shutdownPlugin(state: ShutdownState): ApolloServerPlugin {
  return {
    requestDidStart() {
      let counted = false;
      return Promise.resolve({
        didResolveOperation({ operation }) {
          if (operation?.operation !== 'mutation') return Promise.resolve();
          if (state.shuttingDown)
            throw new GraphQLError('The server is shutting down: retry later', {
              extensions: { code: 'UNAVAILABLE', http: { status: 503 } },
            });
          state.writeStarted();
          counted = true;
          return Promise.resolve();
        },
        willSendResponse() {
          if (counted) state.writeEnded();
          counted = false;
          return Promise.resolve();
        },
      });
    },
  };
}
