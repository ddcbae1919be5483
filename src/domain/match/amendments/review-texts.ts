import type { AppealOutcome } from '../../events/appeals';
import type { Text } from '../../rules/general/explain';

// A review in table language, English and Portuguese.
const OUTCOME: Record<AppealOutcome, Text> = {
  DISMISSED: { en: 'dismissed', pt: 'julgado improcedente' },
  ALLOWED: { en: 'allowed', pt: 'julgado procedente' },
};

export const REVIEW_TEXT = {
  confirmed: (appealId: string, by: string, outcome: AppealOutcome): Text => ({
    en: `The review panel confirms the decision on appeal ${appealId} by ${by} (${OUTCOME[outcome].en})`,
    pt: `A instância de revisão confirma a decisão do recurso ${appealId} de ${by} (${OUTCOME[outcome].pt})`,
  }),
  setAside: (appealId: string, by: string, decision: AppealOutcome): Text => ({
    en: `The review panel sets aside the decision on appeal ${appealId} by ${by}; the appeal is ${OUTCOME[decision].en}`,
    pt: `A instância de revisão anula a decisão do recurso ${appealId} de ${by}; o recurso é ${OUTCOME[decision].pt}`,
  }),
  restored: (over: boolean): Text => ({
    en: `the record as it stood before the decision is restored${over ? '.' : ' and play resumes from it.'}`,
    pt: `o registo anterior à decisão é reposto${over ? '.' : ' e o jogo retoma a partir dele.'}`,
  }),
  // The appeals the set-aside decision had made moot, decidable again.
  reopened: (ids: readonly string[]): Text =>
    ids.length === 0
      ? { en: '', pt: '' }
      : ids.length === 1
        ? {
            en: ` Appeal ${ids[0]}, made moot by the decision, is pending again.`,
            pt: ` O recurso ${ids[0]}, que a decisão deixara sem objeto, volta a estar pendente.`,
          }
        : {
            en: ` Appeals ${ids.join(', ')}, made moot by the decision, are pending again.`,
            pt: ` Os recursos ${ids.join(', ')}, que a decisão deixara sem objeto, voltam a estar pendentes.`,
          },
};
