import {
  Global,
  Inject,
  Logger,
  Module,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '../ledger/event-store';
import { MatchProjector } from './match-projector';
import { PositionWaiter } from './position-waiter';
import { PROJECTIONS, READ_MODEL_FILE, type Projection } from './projection';
import { ReadModel } from './read-model';
import { readModelAhead } from './read-model-check';

// The read model and the projector that keeps it, for every feature module.
@Global()
@Module({
  providers: [
    {
      provide: ReadModel,
      inject: [READ_MODEL_FILE, PROJECTIONS],
      useFactory: (file: string, projections: Projection[]) => new ReadModel(file, projections),
    },
    {
      provide: MatchProjector,
      inject: [EVENT_STORE, ReadModel],
      useFactory: (s: EventStore, r: ReadModel) =>
        new MatchProjector(s, r, {
          onError: (err) =>
            new Logger('MatchProjector').warn(
              `Live feed dropped, resubscribing from the checkpoint: ${err instanceof Error ? err.message : String(err)}`,
            ),
        }),
    },
    {
      provide: PositionWaiter,
      inject: [ReadModel, MatchProjector],
      useFactory: (r: ReadModel, p: MatchProjector) => new PositionWaiter(r, p),
    },
  ],
  exports: [ReadModel, MatchProjector, PositionWaiter],
})
export class ProjectionsModule
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  constructor(
    @Inject(ReadModel) private readonly readModel: ReadModel,
    @Inject(MatchProjector) private readonly projector: MatchProjector,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  // Catch the read model up with whatever the ledger holds before serving (this is also where an
  // unreachable store stops the start), then follow the live feed where the store has one. At
  // bootstrap, so every feature module has set up what listens to the projector first.
  async onApplicationBootstrap(): Promise<void> {
    const log = new Logger('ProjectionsModule');
    if (this.readModel.stateShapeChanged)
      log.log(
        'The read model was built with another match state shape: rebuilding it from the ledger',
      );
    if (this.readModel.projectionsChanged)
      log.log('A read model is new or of another version: rebuilding them all from the ledger');
    if (await this.projector.adoptLedger())
      log.log('The read model was built from another ledger: rebuilding it from this one');
    // A read model ahead of the ledger would serve matches the ledger cannot vouch for.
    if (await readModelAhead(this.store, this.readModel)) {
      new Logger('ProjectionsModule').warn(
        'The read model is ahead of the ledger (its checkpoint is no event of the ledger): rebuilding it from the ledger',
      );
      await this.projector.rebuild();
    }
    await this.projector.catchUp();
    this.projector.follow();
  }

  // Before any module closes: the store must still be open while the live tail is stopped.
  async beforeApplicationShutdown(): Promise<void> {
    await this.projector.stopFollowing();
  }

  onApplicationShutdown(): void {
    this.readModel.close();
  }
}
