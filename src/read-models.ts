import { LivePlacesProjection } from './live/live-places.projection';
import { appealCasesProjection } from './appeals/cases/appeal-cases.projection';
import type { Projection } from './projections/projection';
import { ratingsProjection } from './ratings/ratings.projection';
import { statsProjection } from './stats/stats.projection';
import { registryProjection } from './registry/registry.projection';

// Every feature's read model, fed by the projector in the same transaction as the match views.
// The server and the CLI's rebuild both take the list from here, so they build the same views.
export function featureProjections(): Projection[] {
  return [
    new LivePlacesProjection(),
    ratingsProjection,
    appealCasesProjection,
    statsProjection(),
    registryProjection,
  ];
}
