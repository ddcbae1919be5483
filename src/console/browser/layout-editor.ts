/// <reference lib="dom" />
import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import type { Cushion, MatchState } from '../../domain';
import { CUSHIONS } from '../../domain';
import {
  BALL_RADIUS_MM,
  headStringX,
  PLAYING_SURFACE,
  snappedTo,
  TABLE_SIZES,
  type Layout,
  type TableSize,
} from '../../domain/table/layout';
import type { ConsoleCommand } from './commands';
import { t } from './i18n';

// The referee lays out the table by dragging the balls (pointer events: touch, pen and mouse; the
// arrow keys move a focused ball), then records it on its own or with a frozen-ball declaration
// (G1.36), whose ball snaps against its cushion. Positions are millimetres from the head-left
// corner of the playing surface, as the ledger stores them.
type Positions = Record<number, { x: number; y: number }>;
const RAIL = 80;
const R = BALL_RADIUS_MM;

// A starting spread: object balls in rows beyond the head string, the cue ball in the kitchen.
function startPositions(balls: number[], table: TableSize): Positions {
  const { length, width } = PLAYING_SURFACE[table];
  const out: Positions = { 0: { x: headStringX(table) / 2, y: width / 2 } };
  balls.forEach((b, i) => {
    out[b] = { x: length / 2 + (i % 5) * 3 * R, y: width / 4 + Math.floor(i / 5) * 3 * R };
  });
  return out;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number) => Math.round(v * 10) / 10;

export function LayoutEditor(props: {
  m: MatchState;
  declaredBy: string;
  submit: (c: ConsoleCommand) => void;
}) {
  const g = props.m.currentGame!;
  const balls = [0, ...g.ballsOnTable];
  const [table, setTable] = useState<TableSize>('NINE_FOOT');
  const [pos, setPos] = useState<Positions>(() => startPositions(g.ballsOnTable, table));
  const [frozen, setFrozen] = useState<{ ball: number; cushion: Cushion } | null>(null);
  const [drag, setDrag] = useState<number | null>(null);
  const { length, width } = PLAYING_SURFACE[table];

  const place = (ball: number, x: number, y: number) => {
    let p = { x: clamp(x, R, length - R), y: clamp(y, R, width - R) };
    // The declared frozen ball stays against its cushion wherever it is dragged along it.
    if (frozen && frozen.ball === ball) p = snappedTo(table, p, frozen.cushion);
    setPos((was) => ({ ...was, [ball]: { x: round(p.x), y: round(p.y) } }));
  };
  const down = (ball: number) => (e: PointerEvent) => {
    // A pointer the browser does not track (a synthetic one) cannot be captured; drag anyway.
    try {
      (e.currentTarget as Element).setPointerCapture(e.pointerId);
    } catch {
      /* not capturable */
    }
    setDrag(ball);
  };
  const move = (ball: number) => (e: PointerEvent) => {
    if (drag !== ball) return;
    const p = toMm(e);
    place(ball, p.x, p.y);
  };
  const key = (ball: number) => (e: KeyboardEvent) => {
    const step = e.shiftKey ? 1 : 10;
    const d: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (!d[e.key]) return;
    e.preventDefault();
    place(ball, pos[ball].x + d[e.key][0], pos[ball].y + d[e.key][1]);
  };
  const chooseFrozen = (ball: number | null, cushion: Cushion) => {
    const next = ball === null ? null : { ball, cushion };
    setFrozen(next);
    if (next) {
      const p = snappedTo(table, pos[ball!], cushion);
      setPos((was) => ({ ...was, [ball!]: { x: round(p.x), y: round(p.y) } }));
    }
  };
  const layout = (): Layout => ({
    table,
    balls: balls.map((b) => ({ ball: b, x: pos[b].x, y: pos[b].y })),
  });
  const record = () =>
    props.submit(
      frozen
        ? {
            mutation: 'declareFrozenBall',
            input: { declaredBy: props.declaredBy, ...frozen, layout: layout() },
          }
        : { mutation: 'recordLayout', input: { layout: layout() } },
    );

  return html`<section id="layout-editor" class="layout-editor" aria-labelledby="layout-h">
    <h2 id="layout-h">${t('layout')}</h2>
    <p class="hint">${t('layoutHint')}</p>
    ${sizeSelect(table, (size) => {
      setTable(size);
      setFrozen(null);
      setPos(startPositions(g.ballsOnTable, size));
    })}
    ${tableSvg({ table, balls, pos, frozen, drag, down, move, key, setDrag })}
    ${frozenRow(g.ballsOnTable, frozen, chooseFrozen, record)}
  </section>`;
}

function toMm(e: PointerEvent) {
  const svg = (e.currentTarget as SVGGraphicsElement).ownerSVGElement!;
  const pt = svg.createSVGPoint();
  pt.x = e.clientX;
  pt.y = e.clientY;
  return pt.matrixTransform(svg.getScreenCTM()!.inverse());
}

type Frozen = { ball: number; cushion: Cushion } | null;

function sizeSelect(table: TableSize, choose: (size: TableSize) => void) {
  return html`<label
    >${t('tableSize')}
    <select
      id="layout-table"
      value=${table}
      onChange=${(e: Event) => choose((e.target as HTMLSelectElement).value as TableSize)}
    >
      ${TABLE_SIZES.map((s) => html`<option value=${s}>${t(`size_${s}`)}</option>`)}
    </select></label
  >`;
}

// The table drawn to scale with its rail, the head string and a draggable group per ball.
function tableSvg(v: {
  table: TableSize;
  balls: number[];
  pos: Positions;
  frozen: Frozen;
  drag: number | null;
  down: (ball: number) => (e: PointerEvent) => void;
  move: (ball: number) => (e: PointerEvent) => void;
  key: (ball: number) => (e: KeyboardEvent) => void;
  setDrag: (ball: number | null) => void;
}) {
  const { table, balls, pos, frozen, drag, down, move, key, setDrag } = v;
  const { length, width } = PLAYING_SURFACE[table];
  return html`<svg
    id="layout-table-svg"
    class="layout-svg"
    viewBox=${`${-RAIL} ${-RAIL} ${length + 2 * RAIL} ${width + 2 * RAIL}`}
    role="group"
    aria-label=${t('layoutTable')}
  >
    <rect
      x=${-RAIL}
      y=${-RAIL}
      width=${length + 2 * RAIL}
      height=${width + 2 * RAIL}
      rx="40"
      class="rail"
    />
    <rect x="0" y="0" width=${length} height=${width} class="cloth" />
    <line
      x1=${headStringX(table)}
      y1="0"
      x2=${headStringX(table)}
      y2=${width}
      class="head-string"
    />
    ${balls.map(
      (b) =>
        html`<g
          class=${`ball${b === 0 ? ' cue' : ''}${frozen?.ball === b ? ' frozen' : ''}${drag === b ? ' dragging' : ''}`}
          data-ball=${b}
          data-x=${pos[b].x}
          data-y=${pos[b].y}
          tabindex="0"
          role="img"
          aria-label=${b === 0 ? t('cueBall') : t('ball', { n: b })}
          onPointerDown=${down(b)}
          onPointerMove=${move(b)}
          onPointerUp=${() => setDrag(null)}
          onPointerCancel=${() => setDrag(null)}
          onKeyDown=${key(b)}
        >
          <circle class="hit" cx=${pos[b].x} cy=${pos[b].y} r=${R * 2.2} />
          <circle class="body" cx=${pos[b].x} cy=${pos[b].y} r=${R} />
          <text x=${pos[b].x} y=${pos[b].y + 10} text-anchor="middle">${b === 0 ? '' : b}</text>
        </g>`,
    )}
  </svg>`;
}

// G1.36: the frozen ball and its cushion, and the button that records the layout.
function frozenRow(
  ballsOnTable: number[],
  frozen: Frozen,
  chooseFrozen: (ball: number | null, cushion: Cushion) => void,
  record: () => void,
) {
  return html`<div class="row">
    <label
      >${t('frozen')}
      <select
        id="layout-frozen-ball"
        value=${frozen ? String(frozen.ball) : ''}
        onChange=${(e: Event) => {
          const v = (e.target as HTMLSelectElement).value;
          chooseFrozen(v === '' ? null : Number(v), frozen?.cushion ?? 'FOOT');
        }}
      >
        <option value="">${t('noneFrozen')}</option>
        ${ballsOnTable.map((b) => html`<option value=${b}>${b}</option>`)}
      </select></label
    >
    <label
      >${t('mode_cushion')}
      <select
        id="layout-frozen-cushion"
        value=${frozen?.cushion ?? 'FOOT'}
        onChange=${(e: Event) =>
          chooseFrozen(frozen?.ball ?? null, (e.target as HTMLSelectElement).value as Cushion)}
      >
        ${CUSHIONS.map((c) => html`<option value=${c}>${t(`cushion_${c}`)}</option>`)}
      </select></label
    >
    <button class="big" data-tap="record-layout" onClick=${record}>
      ${frozen ? t('recordLayoutFrozen') : t('recordLayout')}
    </button>
  </div>`;
}
