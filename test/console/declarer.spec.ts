import { declarerOf } from '../../src/console/browser/declarer';
import { DomainError } from '../../src/domain/errors';
import { ANA, BRUNO, Table } from '../support/match-fixtures';

// G1.36: the console names as a frozen ball's declarer someone the decider accepts: a referee of
// the match when one is present (this device's own first), else the shooter's opponent.
describe("the console's declarer of a frozen ball (G1.36)", () => {
  const brunoToShoot = (refereePresent: boolean) => {
    const t = new Table({ refereePresent });
    t.run({ type: 'AssignOfficials', scorers: ['scorer-1'], referees: ['ref-1', 'ref-2'] });
    t.shoot(ANA.id, { firstContact: 1, objectBallsDrivenToRail: 4 });
    expect(t.state.currentGame!.shooter).toBe(BRUNO.id);
    return t;
  };
  const declare = (t: Table, declaredBy: string) =>
    t.run({ type: 'DeclareFrozenBall', declaredBy, ball: 3, cushion: 'FOOT' });

  it.each([
    ['a referee present, on that referee’s device', true, 'ref-2', 'ref-2'],
    ['a referee present, on a device of no referee of the match', true, 'device-1a2b3c4d', 'ref-1'],
    ['no referee present, referees assigned all the same', false, 'ref-2', ANA.id],
    ['no referee present, on a scorer’s device', false, 'scorer-1', ANA.id],
  ])('%s', (_, present, subject, expected) => {
    const t = brunoToShoot(present as boolean);
    const by = declarerOf(t.state, subject as string);
    expect(by).toBe(expected);
    expect(declare(t, by)).toEqual([
      expect.objectContaining({
        type: 'FrozenBallDeclared',
        data: expect.objectContaining({ declaredBy: by }),
      }),
    ]);
  });

  it('a referee assigned to a match played without one is refused as its declarer', () => {
    const t = brunoToShoot(false);
    expect(() => declare(t, 'ref-1')).toThrow(DomainError);
    expect(() => declare(t, 'ref-1')).toThrow(/neither a player nor a referee/);
  });
});
