import { RegistryError, type PlayerRef, type ScheduleMatch } from '../domain';
import type { RegistryReader, ScheduleDraft } from '../kernel/registry/registry-commands.port';

export type { ScheduleDraft } from '../kernel/registry/registry-commands.port';

// Resolves the registry references of a schedule against the ledger: a player named without a
// name, or any player of a competition match, must be registered (UNKNOWN_PLAYER), and takes the
// registered display name; a competition must exist (UNKNOWN_COMPETITION) and gives its name,
// discipline, profile, venue and appeal window unless the schedule states them (a different
// discipline or profile is refused: COMPETITION_MISMATCH). Nothing is appended on a refusal.
export async function resolveSchedule(
  records: RegistryReader,
  draft: ScheduleDraft,
): Promise<ScheduleMatch> {
  const competition =
    draft.competitionId === undefined ? null : await records.competition(draft.competitionId);
  if (draft.competitionId !== undefined && competition === null)
    throw new RegistryError(
      'UNKNOWN_COMPETITION',
      `No registered competition with id ${draft.competitionId}`,
      'competitionId',
    );
  const discipline = draft.discipline ?? competition?.discipline ?? 'EIGHT_BALL';
  const ruleProfile =
    draft.ruleProfile ?? competition?.ruleProfile ?? (discipline === 'EIGHT_BALL' ? 'FPB' : 'WPA');
  if (
    competition &&
    (competition.discipline !== discipline || competition.ruleProfile !== ruleProfile)
  )
    throw new RegistryError(
      'COMPETITION_MISMATCH',
      `${competition.name} is played as ${competition.discipline} under ${competition.ruleProfile}`,
      'discipline',
    );
  const players = (await Promise.all(
    draft.players.map(async (p): Promise<PlayerRef> => {
      const registered = await records.player(p.id);
      if (registered) return { id: p.id, name: registered.displayName };
      if (p.name === undefined || competition)
        throw new RegistryError(
          'UNKNOWN_PLAYER',
          `No registered player with licence ${p.id}`,
          'players',
        );
      return { id: p.id, name: p.name };
    }),
  )) as [PlayerRef, PlayerRef];
  const venue = draft.venue ?? competition?.venue ?? undefined;
  const appealWindowMinutes = draft.appealWindowMinutes ?? competition?.appealWindowMinutes;
  return {
    ...draft,
    discipline,
    ruleProfile,
    players,
    competition: draft.competition ?? competition?.name ?? null,
    ...(venue !== undefined ? { venue } : {}),
    ...(appealWindowMinutes !== undefined ? { appealWindowMinutes } : {}),
    // A competition's window is frozen into its matches: a later change does not reach back.
    ...(competition ? { appealWindowStart: competition.appealWindowStart ?? 'SHOT' } : {}),
  };
}
