import { lang, t } from './i18n.js';

// What a refused or failed request means for the reader and when to try again, in words: never
// the API's code.
const WORDS = {
  en: {
    RATE_LIMITED: [
      'The server is pausing requests from your network: too many came in the last minute (a venue’s spectators often share one address).',
      'Reload the page in about a minute.',
    ],
    UNAVAILABLE: ['The server is restarting.', 'Reload the page in a few seconds.'],
    NOT_FOUND: ['There is no match at this address.', 'Check the link.'],
    NETWORK: ['The server could not be reached.', 'Check the connection and reload the page.'],
    OTHER: ['The server could not answer.', 'Reload the page in a moment.'],
    retryIn: (n) => `Reload the page in ${n} seconds.`,
  },
  pt: {
    RATE_LIMITED: [
      'O servidor está a suspender os pedidos da sua rede: chegaram demasiados no último minuto (os espectadores de um recinto partilham muitas vezes um endereço).',
      'Recarregue a página dentro de cerca de um minuto.',
    ],
    UNAVAILABLE: ['O servidor está a reiniciar.', 'Recarregue a página dentro de alguns segundos.'],
    NOT_FOUND: ['Não há nenhum encontro neste endereço.', 'Verifique a ligação que seguiu.'],
    NETWORK: [
      'Não foi possível contactar o servidor.',
      'Verifique a ligação à rede e recarregue a página.',
    ],
    OTHER: ['O servidor não conseguiu responder.', 'Recarregue a página daqui a pouco.'],
    retryIn: (n) => `Recarregue a página dentro de ${n} segundos.`,
  },
};

export function refusal(err) {
  const words = WORDS[lang()] ?? WORDS.en;
  const code = err?.code in words && err.code !== 'retryIn' ? err.code : 'OTHER';
  const [why, when] = words[code];
  const retry =
    code === 'RATE_LIMITED' && err.retryAfter ? words.retryIn(Math.ceil(err.retryAfter)) : when;
  return `${t('error')}. ${why} ${retry}`;
}
