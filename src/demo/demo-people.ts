import type { CreateCompetition, RegisterPlayer } from '../domain';
import { rng } from './simulator';

// Invented people for a demo season: deterministic from the seed, never real personal data.
const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diogo',
  'Eva',
  'Filipe',
  'Graça',
  'Hugo',
  'Inês',
  'João',
  'Karin',
  'Luís',
  'Marta',
  'Nuno',
  'Olga',
  'Pedro',
  'Rita',
  'Sérgio',
  'Teresa',
  'Vasco',
  'Wen',
  'Yara',
  'Zé',
  'Aiko',
  'Björn',
  'Chloé',
  'Dmitri',
  'Elif',
  'Farid',
  'Greta',
];
const LAST = [
  'Silva',
  'Costa',
  'Reis',
  'Dias',
  'Moreira',
  'Lopes',
  'Neves',
  'Pinto',
  'Sousa',
  'Ramos',
  'Tavares',
  'Vieira',
  'Almeida',
  'Barros',
  'Cunha',
  'Faria',
  'Gomes',
  'Matos',
  'Nakamura',
  'Lindqvist',
  'Dubois',
  'Petrov',
  'Yilmaz',
  'Haddad',
  'Schmidt',
];
const CLUBS = [
  'Porto Billiards',
  'Lisboa 147',
  'Braga Cue Club',
  'Coimbra Pool',
  'Faro Break',
  null,
];
const NATIONS = ['PRT', 'PRT', 'PRT', 'ESP', 'FRA', 'DEU', 'SWE', 'TUR', 'JPN', null];

export interface DemoPlayer {
  command: RegisterPlayer;
  // 0–1: how well this player shoots (0.5 is the plain simulator's player).
  skill: number;
}

export function demoPlayers(seed: number, count: number): DemoPlayer[] {
  const random = rng(seed * 7919 + 17);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  return Array.from({ length: count }, (_, i) => {
    // The mean of three draws: most players near the middle, a few strong and a few weak.
    const skill = (random() + random() + random()) / 3;
    return {
      skill,
      command: {
        type: 'RegisterPlayer',
        licenceId: `DEMO-${seed}-${String(i + 1).padStart(3, '0')}`,
        displayName: `${pick(FIRST)} ${pick(LAST)}`,
        club: pick(CLUBS),
        nationality: pick(NATIONS),
      },
    };
  });
}

// One competition per discipline, so the season covers all three.
export function demoCompetitions(seed: number): CreateCompetition[] {
  const season = '2026';
  const base = {
    season,
    startsOn: '2026-09-01',
    endsOn: '2026-12-20',
    appealFee: { amount: 25, currency: 'EUR' },
  };
  return [
    {
      id: 'league',
      name: 'Demo 8-Ball League',
      discipline: 'EIGHT_BALL',
      ruleProfile: 'FPB',
      venue: 'Porto',
    },
    {
      id: 'open',
      name: 'Demo 9-Ball Open',
      discipline: 'NINE_BALL',
      ruleProfile: 'WPA',
      venue: 'Lisboa',
    },
    {
      id: 'cup',
      name: 'Demo 10-Ball Cup',
      discipline: 'TEN_BALL',
      ruleProfile: 'WPA',
      venue: 'Braga',
    },
  ].map((c) => ({
    type: 'CreateCompetition',
    competitionId: `demo-${seed}-${c.id}`,
    fields: {
      ...base,
      name: c.name,
      discipline: c.discipline as CreateCompetition['fields']['discipline'],
      ruleProfile: c.ruleProfile as CreateCompetition['fields']['ruleProfile'],
      venue: c.venue,
      appealWindowMinutes: 30,
      decisionDeadlineHours: 48,
    },
  }));
}
