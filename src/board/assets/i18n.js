// The pages' words in English and European Portuguese: ?lang=pt or ?lang=en, else the browser's
// language.
const TEXT = {
  en: {
    language: 'Language',
    boardTitle: 'Board',
    overlayTitle: 'Overlay',
    deskTitle: 'Tournament desk',
    enrolTitle: 'Enrol this device',
    tableTitle: 'Table',
    loading: 'Loading…',
    playing: 'Now playing',
    upcoming: 'Upcoming',
    finished: 'Finished',
    none: 'None',
    table: 'Table',
    raceTo: 'Race to',
    watch: 'Watch',
    sheet: 'Sheet',
    shooter: 'At the table',
    ballsLeft: 'Balls left',
    winner: 'Winner',
    live_connecting: 'Live: connecting…',
    live_connected: 'Live',
    live_reconnecting: 'Live: reconnecting…',
    live_stopped: 'Live: stopped',
    error: 'Could not load',
    s_AWAITING_BREAK_ORDER: 'Awaiting the break',
    s_IN_PLAY: 'In play',
    s_COMPLETED: 'Completed',
    signedOff: 'signed off',
    allMatches: 'All matches',
    // Enrolment
    enrolling: 'Enrolling this device…',
    enrolled: 'Enrolled',
    noCode: 'This page needs the link from the desk’s QR code: scan it with this device.',
    e_ENROLMENT_CODE_UNKNOWN: 'This code is not known: scan the desk’s QR code again.',
    e_ENROLMENT_CODE_USED: 'This code has already been used: ask the desk for a new QR code.',
    e_ENROLMENT_CODE_EXPIRED: 'This code has expired: ask the desk for a new QR code.',
    e_ENROLMENT_CODE_REVOKED: 'The desk revoked this code: ask the desk for a new QR code.',
    e_NETWORK: 'The server cannot be reached: check the Wi-Fi and try again.',
    retry: 'Try again',
    // Table
    waitingPush: 'Waiting for the desk to send a match to this table.',
    tableNotEnrolled: 'This tablet is not enrolled for this table: scan the desk’s table QR code.',
    openMatch: 'Score this match',
    // Desk
    signIn:
      'Sign in with the one-time link printed by “ledger desk-link” (npm run ledger -- desk-link).',
    signOut: 'Sign out',
    signedInAs: 'Signed in as',
    today: 'Today’s matches',
    schedule: 'Schedule a match',
    player1: 'Player 1',
    player2: 'Player 2',
    competition: 'Competition',
    noCompetition: '(none)',
    discipline: 'Discipline',
    venue: 'Venue',
    tableNumber: 'Table number',
    time: 'Time',
    refereePresent: 'Referee present',
    scheduleButton: 'Schedule',
    saving: 'Saving…',
    scheduled: 'Match scheduled',
    status: 'Status',
    score: 'Score',
    scoring: 'Scoring',
    actions: 'Actions',
    players: 'Players',
    assign: 'Assign',
    scorers: 'Scorers (ids, comma separated)',
    referees: 'Referees (ids, comma separated)',
    tableId: 'Table id',
    save: 'Save',
    assigned: 'Officials assigned',
    push: 'Push to table',
    pushed: 'Pushed to table',
    enrol: 'Enrol device',
    enrolTable: 'Enrol a table tablet',
    role: 'Role',
    scorer: 'Scorer',
    referee: 'Referee',
    label: 'Device name',
    issue: 'Show QR code',
    scanWith: 'Scan with the device within the code’s life; it works once.',
    expires: 'Expires',
    close: 'Close',
    devices: 'Devices',
    revoke: 'Revoke',
    revoked: 'Revoked',
    d_PENDING: 'waiting to be scanned',
    d_ENROLLED: 'enrolled',
    d_EXPIRED: 'expired',
    d_REVOKED: 'revoked',
    signOffQueue: 'Sign-off queue',
    signatures: 'Signed by',
    tables: 'Tables',
    onTable: 'On the table',
    noDevices: 'No device enrolled today',
    device: 'Device',
    forMatch: 'For',
    EIGHT_BALL: '8-ball',
    NINE_BALL: '9-ball',
    TEN_BALL: '10-ball',
  },
  pt: {
    language: 'Língua',
    boardTitle: 'Quadro',
    overlayTitle: 'Sobreposição',
    deskTitle: 'Mesa do torneio',
    enrolTitle: 'Registar este dispositivo',
    tableTitle: 'Mesa',
    loading: 'A carregar…',
    playing: 'A jogar',
    upcoming: 'A seguir',
    finished: 'Terminados',
    none: 'Nenhum',
    table: 'Mesa',
    raceTo: 'Corrida a',
    watch: 'Ver',
    sheet: 'Folha',
    shooter: 'Na mesa',
    ballsLeft: 'Bolas na mesa',
    winner: 'Vencedor',
    live_connecting: 'Em direto: a ligar…',
    live_connected: 'Em direto',
    live_reconnecting: 'Em direto: a religar…',
    live_stopped: 'Em direto: parado',
    error: 'Não foi possível carregar',
    s_AWAITING_BREAK_ORDER: 'À espera da saída',
    s_IN_PLAY: 'Em jogo',
    s_COMPLETED: 'Terminado',
    signedOff: 'assinado',
    allMatches: 'Todos os encontros',
    enrolling: 'A registar este dispositivo…',
    enrolled: 'Registado',
    noCode:
      'Esta página precisa da ligação do código QR da mesa do torneio: leia-o com este dispositivo.',
    e_ENROLMENT_CODE_UNKNOWN: 'Este código não é conhecido: leia de novo o código QR.',
    e_ENROLMENT_CODE_USED: 'Este código já foi usado: peça um novo código QR à mesa do torneio.',
    e_ENROLMENT_CODE_EXPIRED: 'Este código expirou: peça um novo código QR à mesa do torneio.',
    e_ENROLMENT_CODE_REVOKED: 'A mesa do torneio revogou este código: peça um novo código QR.',
    e_NETWORK: 'Não é possível contactar o servidor: verifique o Wi-Fi e tente de novo.',
    retry: 'Tentar de novo',
    waitingPush: 'À espera de que a mesa do torneio envie um encontro para esta mesa.',
    tableNotEnrolled: 'Este tablet não está registado nesta mesa: leia o código QR da mesa.',
    openMatch: 'Marcar este encontro',
    signIn:
      'Entre com a ligação única impressa por “ledger desk-link” (npm run ledger -- desk-link).',
    signOut: 'Sair',
    signedInAs: 'Sessão de',
    today: 'Encontros de hoje',
    schedule: 'Marcar um encontro',
    player1: 'Jogador 1',
    player2: 'Jogador 2',
    competition: 'Competição',
    noCompetition: '(nenhuma)',
    discipline: 'Modalidade',
    venue: 'Local',
    tableNumber: 'Número da mesa',
    time: 'Hora',
    refereePresent: 'Com árbitro',
    scheduleButton: 'Marcar',
    saving: 'A gravar…',
    scheduled: 'Encontro marcado',
    status: 'Estado',
    score: 'Resultado',
    scoring: 'A marcar',
    actions: 'Ações',
    players: 'Jogadores',
    assign: 'Atribuir',
    scorers: 'Marcadores (ids, separados por vírgulas)',
    referees: 'Árbitros (ids, separados por vírgulas)',
    tableId: 'Id da mesa',
    save: 'Guardar',
    assigned: 'Oficiais atribuídos',
    push: 'Enviar para a mesa',
    pushed: 'Enviado para a mesa',
    enrol: 'Registar dispositivo',
    enrolTable: 'Registar o tablet de uma mesa',
    role: 'Função',
    scorer: 'Marcador',
    referee: 'Árbitro',
    label: 'Nome do dispositivo',
    issue: 'Mostrar código QR',
    scanWith: 'Leia-o com o dispositivo enquanto o código é válido; só funciona uma vez.',
    expires: 'Expira',
    close: 'Fechar',
    devices: 'Dispositivos',
    revoke: 'Revogar',
    revoked: 'Revogado',
    d_PENDING: 'à espera de leitura',
    d_ENROLLED: 'registado',
    d_EXPIRED: 'expirado',
    d_REVOKED: 'revogado',
    signOffQueue: 'Por assinar',
    signatures: 'Assinado por',
    tables: 'Mesas',
    onTable: 'Na mesa',
    noDevices: 'Nenhum dispositivo registado hoje',
    device: 'Dispositivo',
    forMatch: 'Para',
    EIGHT_BALL: 'Bola 8',
    NINE_BALL: 'Bola 9',
    TEN_BALL: 'Bola 10',
  },
};

const LANGS = [
  { code: 'en', tag: 'en', label: 'English' },
  { code: 'pt', tag: 'pt-PT', label: 'Português' },
];

function initial() {
  const asked = new URLSearchParams(location.search).get('lang');
  if (asked === 'pt' || asked === 'en') return asked;
  return (navigator.languages ?? [navigator.language]).some((l) => /^pt\b/i.test(l ?? ''))
    ? 'pt'
    : 'en';
}

let current = initial();
document.documentElement.lang = LANGS.find((l) => l.code === current).tag;

export const lang = () => current;

export function t(key) {
  return TEXT[current][key] ?? TEXT.en[key] ?? key;
}

// Links to the same page in each language (the page's other parameters kept, never a fragment).
export function languageLinks() {
  const nav = document.createElement('nav');
  nav.className = 'langs';
  nav.setAttribute('aria-label', t('language'));
  for (const l of LANGS) {
    const url = new URL(location.href);
    url.hash = '';
    url.searchParams.set('lang', l.code);
    const a = document.createElement('a');
    a.href = url.pathname + url.search;
    a.lang = l.tag;
    a.textContent = l.label;
    if (l.code === current) a.setAttribute('aria-current', 'true');
    nav.append(a);
  }
  return nav;
}

export function clock(iso) {
  if (!iso) return '';
  return new Date(iso).toLocaleTimeString(current === 'pt' ? 'pt-PT' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
  });
}
