// Game states as the server sends them, trimmed to what the pure modules read, and the
// offers of each variant as `stonefield_record::Variant::offers` gives them.
import { createState } from '../../web/state.js';
import { geometry } from '../../web/board.js';

export const OFFERS = {
  classic: { pass: true, reserve: false, sgf: true, three_d: false, count_marking: true, territory: true, trees: false },
  continuous: { pass: true, reserve: false, sgf: false, three_d: false, count_marking: true, territory: true, trees: false },
  margo: { pass: false, reserve: false, sgf: false, three_d: true, count_marking: false, territory: false, trees: false },
  topological: { pass: true, reserve: true, sgf: false, three_d: false, count_marking: true, territory: false, trees: true },
};

const BOARDS = {
  classic: { kind: 'grid', size: 9, star_points: [[4, 4]] },
  topological: { kind: 'grid', size: 9 },
  margo: { kind: 'pyramid', size: 4, levels: 4 },
  continuous: { kind: 'polygon', polygon: [[0, 0], [9, 0], [9, 9], [0, 9]] },
};

// A live game of `variant` with `you` to move, and any fields of `extra` over it.
export function game(variant = 'classic', extra = {}) {
  return {
    id: 'g1', variant, offers: OFFERS[variant], you: 'black', status: 'live', phase: 'playing',
    to_move: 'black', seq: 0, moves: [], notation: [], score: { black: 0, white: 6.5 },
    view: { board: BOARDS[variant], stones: [], last: null, prisoners: { black: 0, white: 0 } },
    accepted: { black: false, white: false }, names: { black: 'Ann', white: null },
    ...extra,
  };
}

// A page state holding `g`, connected, with its geometry.
export function pageState(g) {
  const st = createState();
  st.game = g;
  st.geo = geometry(g.view.board, g.view.rules);
  st.connection = 'connected';
  return st;
}
