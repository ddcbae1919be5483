import * as api from './desk-api.js';
import { recordResult, resultForm, resultLabel } from './desk-result.js';
import { byId, h, replace, svgOf } from './dom.js';
import { clock, t } from './i18n.js';

// The desk's forms: schedule a match, the per-match dialogs (assign, push, enrol, result) and a table's
// tablet enrolment. `done(message)` reloads the desk and says what happened.
const field = (label, control) => h('label', {}, label, control);
const ids = (text) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function scheduleForm(form, registry, done) {
  const players = registry.players.edges.map((e) => e.node);
  const options = (selected) =>
    players.map((p) =>
      h('option', { value: p.licenceId, selected: p.licenceId === selected }, p.displayName),
    );
  const a = h('select', { name: 'a', required: true }, options(players[0]?.licenceId));
  const b = h('select', { name: 'b', required: true }, options(players[1]?.licenceId));
  const competition = h(
    'select',
    { name: 'competition' },
    h('option', { value: '' }, t('noCompetition')),
    registry.competitions.edges.map((e) => h('option', { value: e.node.id }, e.node.name)),
  );
  const discipline = h(
    'select',
    { name: 'discipline' },
    ['EIGHT_BALL', 'NINE_BALL', 'TEN_BALL'].map((d) => h('option', { value: d }, t(d))),
  );
  const race = h('input', {
    name: 'race',
    type: 'number',
    min: 1,
    max: 50,
    value: 5,
    required: true,
  });
  const venue = h('input', { name: 'venue', type: 'text', maxlength: 100 });
  const table = h('input', { name: 'table', type: 'number', min: 1, max: 1000 });
  const time = h('input', { name: 'time', type: 'time' });
  const referee = h('input', { name: 'referee', type: 'checkbox' });
  replace(
    form,
    field(t('player1'), a),
    field(t('player2'), b),
    field(t('competition'), competition),
    field(t('discipline'), discipline),
    field(t('raceTo'), race),
    field(t('venue'), venue),
    field(t('tableNumber'), table),
    field(t('time'), time),
    h('label', { class: 'check' }, referee, t('refereePresent')),
    h('button', { type: 'submit', class: 'primary' }, t('scheduleButton')),
  );
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const input = {
      players: [{ id: a.value }, { id: b.value }],
      raceTo: Number(race.value),
      refereePresent: referee.checked,
      ...(competition.value
        ? { competitionId: competition.value }
        : { discipline: discipline.value }),
      ...(venue.value.trim() ? { venue: venue.value.trim() } : {}),
      ...(table.value ? { tableNumber: Number(table.value) } : {}),
      ...(time.value
        ? { scheduledAt: new Date(`${api.today()}T${time.value}:00`).toISOString() }
        : {}),
    };
    await done(api.scheduleMatch(input).then(() => t('scheduled')));
  };
}

function openPanel(title, ...body) {
  const panel = byId('panel');
  byId('panel-title').textContent = title;
  replace(byId('panel-body'), ...body);
  byId('panel-close').textContent = t('close');
  if (!panel.open) panel.showModal();
  return panel;
}

export const closePanel = () => byId('panel').open && byId('panel').close();

export function assignDialog(item, done) {
  const m = item.match;
  const scorers = h('input', { type: 'text', value: m.officials.scorers.join(', ') });
  const referees = h('input', { type: 'text', value: m.officials.referees.join(', ') });
  const form = h(
    'form',
    { class: 'form-grid', id: 'assign-form' },
    field(t('scorers'), scorers),
    field(t('referees'), referees),
    h('button', { type: 'submit', class: 'primary' }, t('save')),
  );
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    closePanel();
    await done(
      api
        .assignOfficials(m.id, m.revision, ids(scorers.value), ids(referees.value))
        .then(() => t('assigned')),
    );
  };
  openPanel(`${t('assign')} · ${m.players[0].name} – ${m.players[1].name}`, form);
}

export function pushDialog(item, done) {
  const m = item.match;
  const table = h('input', {
    type: 'text',
    required: true,
    value: item.tableNumber != null ? `t${item.tableNumber}` : '',
    pattern: '[A-Za-z0-9][A-Za-z0-9._:\\-]{0,63}',
  });
  const form = h(
    'form',
    { class: 'form-grid', id: 'push-form' },
    field(t('tableId'), table),
    h('button', { type: 'submit', class: 'primary' }, t('push')),
  );
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    closePanel();
    await done(
      api
        .pushMatch(table.value.trim(), m.id)
        .then((d) => `${t('pushed')} ${d.pushMatchToTable.tableId}`),
    );
  };
  openPanel(`${t('push')} · ${m.players[0].name} – ${m.players[1].name}`, form);
}

export function resultDialog(item, done) {
  const m = item.match;
  const form = resultForm(m, (input, message) => {
    closePanel();
    return done(recordResult(m, input, message));
  });
  openPanel(`${resultLabel()} · ${m.players[0].name} – ${m.players[1].name}`, form);
}

function roleSelect() {
  return h(
    'select',
    { name: 'role' },
    h('option', { value: 'SCORER' }, t('scorer')),
    h('option', { value: 'REFEREE' }, t('referee')),
  );
}

// The code is shown once, as a QR code and its link, with the time it stops working.
function showCode(title, issued) {
  openPanel(
    title,
    h('div', { class: 'qr', id: 'qr' }, svgOf(issued.qrSvg)),
    h('p', {}, t('scanWith')),
    h('p', {}, `${t('expires')}: ${clock(issued.expiresAt)}`),
    h('p', { class: 'link' }, h('a', { href: issued.link, id: 'enrol-link' }, issued.link)),
  );
}

export function enrolDialog(item, done) {
  const m = item.match;
  const role = roleSelect();
  const label = h('input', { type: 'text', maxlength: 40 });
  const title = `${t('enrol')} · ${m.players[0].name} – ${m.players[1].name}`;
  const form = h(
    'form',
    { class: 'form-grid', id: 'enrol-form' },
    field(t('role'), role),
    field(t('label'), label),
    h('button', { type: 'submit', class: 'primary' }, t('issue')),
  );
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const input = {
      kind: 'MATCH',
      role: role.value,
      matchId: m.id,
      ...(label.value.trim() ? { label: label.value.trim() } : {}),
    };
    await done(api.issueEnrolment(input).then((issued) => (showCode(title, issued), null)));
  };
  openPanel(title, form);
}

export function tableEnrolForm(form, done) {
  const table = h('input', {
    type: 'text',
    required: true,
    pattern: '[A-Za-z0-9][A-Za-z0-9._:\\-]{0,63}',
  });
  const role = roleSelect();
  replace(
    form,
    field(t('tableId'), table),
    field(t('role'), role),
    h('button', { type: 'submit' }, t('enrolTable')),
  );
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const input = { kind: 'TABLE', role: role.value, tableId: table.value.trim() };
    await done(
      api
        .issueEnrolment(input)
        .then((issued) => (showCode(`${t('enrolTable')} · ${input.tableId}`, issued), null)),
    );
  };
}
