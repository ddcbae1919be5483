import type { ReadModel } from '../../src/projections/read-model';
import { registryProjection } from '../../src/registry/registry.projection';
import { resultsFile } from '../../src/results-files/results-file';
import { resultsFileCommand } from '../../src/results-files/results-file.command';
import { statsProjection } from '../../src/stats/stats.projection';
import { projectTwoLevelMatch } from '../support/two-level-match';

// The two-level 9-ball match (games 1, 2 and 5 results, 3 and 4 shot by shot) as a results file.
describe('results files', () => {
  let views: ReadModel;
  beforeAll(async () => {
    views = await projectTwoLevelMatch([statsProjection(), registryProjection]);
  });
  afterAll(() => views.close());

  it('writes one CSV row per match with its score, race and recording level (RFC 4180, CRLF)', () => {
    const csv = resultsFile(views.database, { format: 'CSV' });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'match_id,date,competition_id,competition,discipline,race_to,venue,player_a_id,player_a_name,player_b_id,player_b_name,score_a,score_b,winner_id,result,recording_level,games,games_with_shots',
    );
    expect(lines[1]).toMatch(
      /^m1,\d{4}-\d{2}-\d{2},,,NINE_BALL,3,,ana,Ana,bruno,Bruno,3,2,ana,RACE_WON,MIXED,5,2$/,
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
  });

  it('writes one row per game with its level, and JSON with the same rows', () => {
    const games = resultsFile(views.database, { format: 'CSV', perGame: true }).split('\r\n');
    expect(games.slice(1, 6).map((l) => l.split(',').slice(-6).join(','))).toEqual([
      '1,ana,ana,RESULT_RECORDED,RESULT,RESULT',
      '2,bruno,bruno,RESULT_RECORDED,RESULT,RESULT',
      '3,ana,ana,NINE_ON_THE_BREAK,N9.3,SHOTS',
      '4,bruno,bruno,NINE_ON_THE_BREAK,N9.3,SHOTS',
      '5,ana,ana,RESULT_RECORDED,RESULT,RESULT',
    ]);
    const json = JSON.parse(resultsFile(views.database, { format: 'JSON' }));
    expect(json.rows).toEqual([
      expect.objectContaining({ match_id: 'm1', score_a: 3, score_b: 2, recording_level: 'MIXED' }),
    ]);
  });

  it('filters by period, and the CLI writes the same bytes', async () => {
    expect(
      resultsFile(views.database, { format: 'CSV', to: '2000-01-01' }).split('\r\n'),
    ).toHaveLength(2);
    let printed = '';
    const code = await resultsFileCommand(
      { format: 'json', perGame: true },
      () => ({ readModel: views, catchUp: async () => {}, close: async () => {} }),
      (t) => (printed += t),
    );
    expect(code).toBe(0);
    expect(printed).toBe(resultsFile(views.database, { format: 'JSON', perGame: true }));
  });
});
