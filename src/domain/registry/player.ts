import { RegistryError } from './errors';
import type { PlayerFields, RegistryEvent } from './events';
import { optionalText, requireCountry, requireId, requireText } from './validation';

// Personal data held: licence id, display name, club, nationality. Nothing else.
export interface PlayerRecord extends PlayerFields {
  licenceId: string;
  // Events folded into this record (the stream's next expected revision).
  version: number;
}

export interface RegisterPlayer {
  type: 'RegisterPlayer';
  licenceId: string;
  displayName: string;
  club: string | null;
  nationality: string | null;
}

// Fields left undefined keep their value; null clears club or nationality.
export interface UpdatePlayer {
  type: 'UpdatePlayer';
  licenceId: string;
  displayName?: string;
  club?: string | null;
  nationality?: string | null;
}

export type PlayerCommand = RegisterPlayer | UpdatePlayer;

function checkFields(f: PlayerFields): void {
  requireText(f.displayName, 'displayName', 100);
  optionalText(f.club, 'club', 100);
  requireCountry(f.nationality);
}

// An update that changes nothing appends nothing.
export function decidePlayer(command: PlayerCommand, state: PlayerRecord | null): RegistryEvent[] {
  if (command.type === 'RegisterPlayer') {
    if (state !== null)
      throw new RegistryError(
        'PLAYER_ALREADY_REGISTERED',
        `Licence ${command.licenceId} is already registered`,
      );
    requireId(command.licenceId, 'licenceId');
    const fields = {
      displayName: command.displayName,
      club: command.club,
      nationality: command.nationality,
    };
    checkFields(fields);
    return [
      { type: 'PlayerRegistered', version: 1, data: { licenceId: command.licenceId, ...fields } },
    ];
  }
  if (state === null)
    throw new RegistryError('PLAYER_NOT_REGISTERED', `No player with licence ${command.licenceId}`);
  const next: PlayerFields = {
    displayName: command.displayName ?? state.displayName,
    club: command.club === undefined ? state.club : command.club,
    nationality: command.nationality === undefined ? state.nationality : command.nationality,
  };
  checkFields(next);
  if (
    next.displayName === state.displayName &&
    next.club === state.club &&
    next.nationality === state.nationality
  )
    return [];
  return [{ type: 'PlayerUpdated', version: 1, data: { licenceId: state.licenceId, ...next } }];
}

export function evolvePlayer(state: PlayerRecord | null, event: RegistryEvent): PlayerRecord {
  if (event.type !== 'PlayerRegistered' && event.type !== 'PlayerUpdated')
    throw new Error(`${event.type} is not an event of a player stream`);
  const d = event.data;
  return {
    licenceId: d.licenceId,
    displayName: d.displayName,
    club: d.club,
    nationality: d.nationality,
    version: (state?.version ?? 0) + 1,
  };
}
