import type { ShotFacts } from '../../../domain';
import { defined } from '../../graphql/defined';
import type { RecordShotInput } from './shot.inputs';

type FactFields = Omit<
  RecordShotInput,
  'commandId' | 'occurredAt' | 'matchId' | 'expectedRevision' | 'shooter'
>;
// Shot facts as a client sent them: a whole shot (recordShot) or only the changed facts.
export type GivenShotFacts = { [K in keyof FactFields]?: FactFields[K] | null };

// GraphQL shot facts → the domain's. Facts not given are left out (a recorded shot fills them
// with emptyFacts, an amendment keeps the recorded ones); null firstContact means "hit nothing".
export function shotFacts(f: GivenShotFacts): Partial<ShotFacts> {
  return defined({
    railContactsBeforeFirstContact: f.railContactsBeforeFirstContact?.map((c) =>
      defined({ ball: c.ball, cushion: c.cushion, kind: c.kind }),
    ),
    firstContact: f.firstContact,
    railContactsAfterFirstContact: f.railContactsAfterFirstContact?.map((c) =>
      defined({ ball: c.ball, cushion: c.cushion, kind: c.kind }),
    ),
    pocketed: f.pocketed?.map((p) => ({ ball: p.ball, pocket: p.pocket })),
    ballsReboundedFromPocket: f.ballsReboundedFromPocket
      ? [...f.ballsReboundedFromPocket]
      : undefined,
    cueBallScratched: f.cueBallScratched ?? undefined,
    cueBallOffTable: f.cueBallOffTable ?? undefined,
    cueBallTouchedPocketedBall: f.cueBallTouchedPocketedBall ?? undefined,
    ballsOffTable: f.ballsOffTable ? [...f.ballsOffTable] : undefined,
    ballsOffTableDetail: f.ballsOffTableDetail ?? undefined,
    objectBallsDrivenToRail: f.objectBallsDrivenToRail ?? undefined,
    callObvious: f.callObvious ?? undefined,
    strokeFouls: f.strokeFouls?.map((s) =>
      defined({
        kind: s.kind,
        intentional: s.intentional,
        accidental: s.accidental,
        restored: s.restored,
        movingBallEnteredOriginalPosition: s.movingBallEnteredOriginalPosition,
        withEquipment: s.withEquipment,
        ball: s.ball ?? undefined,
        betweenPlayerAndCueBall: s.betweenPlayerAndCueBall ?? undefined,
        reportedBy: s.reportedBy,
      }),
    ),
    placement: f.placement
      ? defined({
          zone: f.placement.zone,
          warnedBeforeShot: f.placement.warnedBeforeShot,
          touchedObjectBall: f.placement.touchedObjectBall,
          announcedPlaced: f.placement.announcedPlaced ?? undefined,
        })
      : undefined,
    cueCrossedHeadStringBeforeContact: f.cueCrossedHeadStringBeforeContact ?? undefined,
    firstContactPosition: f.firstContactPosition ?? undefined,
    jumpShot: f.jumpShot ?? undefined,
    noStroke: f.noStroke ?? undefined,
  }) as Partial<ShotFacts>;
}
