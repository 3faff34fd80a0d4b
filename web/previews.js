// The server's previews of the moves under the pointer: which requests a pointer means,
// which answers belong to the position shown, which one to show, and a click over a MarGo
// stack held until every level has its answer. Pure bookkeeping: the page sends and draws.
import { candidatesAt } from './board.js';

/** @typedef {import('./types.js').MoveRequest} MoveRequest */
/** @typedef {import('./types.js').PreviewResult} PreviewResult */
/** @typedef {import('./board.js').Geometry} Geometry */

/**
 * @typedef {object} Previews
 * @property {Map<string, PreviewResult | null>} answers for the current position, by
 *   request; null while asked and unanswered
 * @property {Map<string, number>} stale how many answers to drop per request: those asked
 *   before the position changed, which come in order on the socket and describe the old one
 * @property {MoveRequest[] | null} pendingClick a stack click waiting for its answers
 */

/** Above this many answers the cache starts again, so a long hover cannot grow it forever. */
const MOST_ANSWERS = 300;

/** @returns {Previews} */
export const createPreviews = () => ({ answers: new Map(), stale: new Map(), pendingClick: null });

/** @param {MoveRequest} request */
export const requestKey = (request) => JSON.stringify(request);

/**
 * The requests a pointer at board point `at` may mean, highest first.
 * @param {Geometry | null} geo
 * @param {number[] | null} at
 * @param {{ snap: string, reserve: boolean }} choice the snap mode; a reserve stone wanted
 * @returns {MoveRequest[]}
 */
export function requestsAt(geo, at, { snap, reserve }) {
  if (!at || !geo) return [];
  if (geo.kind === 'polygon') return [{ request: at, snap }];
  return candidatesAt(geo, at[0], at[1]).map((p) => (reserve ? { at: p, reserve: true } : { at: p }));
}

// The position changed: answers still on their way will be dropped, the rest forgotten.
/** @param {Previews} p */
export function forgetPosition(p) {
  for (const [k, v] of p.answers) if (v === null) p.stale.set(k, (p.stale.get(k) ?? 0) + 1);
  p.answers.clear();
  p.pendingClick = null;
}

// A new connection answers only what is asked on it.
/** @param {Previews} p */
export function forgetConnection(p) {
  p.answers.clear();
  p.stale.clear();
}

/**
 * Files the server's answer; false when it was asked about an earlier position.
 * @param {Previews} p @param {MoveRequest} request @param {PreviewResult} result
 */
export function receive(p, request, result) {
  const k = requestKey(request);
  const stale = p.stale.get(k);
  if (stale) { p.stale.set(k, stale - 1); return false; }
  p.answers.set(k, result);
  return true;
}

/**
 * Asks (with `send`, false when nothing could be sent) each request not yet asked.
 * Previews are only hints: one that could not be sent is asked again later, silently.
 * @param {Previews} p @param {MoveRequest[]} requests @param {(r: MoveRequest) => boolean} send
 */
export function ensureAsked(p, requests, send) {
  if (p.answers.size > MOST_ANSWERS) p.answers.clear();
  for (const r of requests) {
    const k = requestKey(r);
    if (!p.answers.has(k) && send(r)) p.answers.set(k, null);
  }
}

/**
 * The preview to show for `asked`: the first the server called legal, else the first
 * answered; none when it is not the player's turn.
 * @param {Previews} p @param {MoveRequest[]} asked @param {boolean} mine
 */
export function choose(p, asked, mine) {
  if (!mine) return null;
  /** @type {{ request: MoveRequest, result: PreviewResult }[]} */
  const answered = [];
  for (const request of asked) {
    const result = p.answers.get(requestKey(request));
    if (result) answered.push({ request, result });
  }
  return answered.find((a) => a.result.legal) ?? answered[0] ?? null;
}

/**
 * The move a pending stack click comes to once every level under it has an answer: the
 * highest legal point, or (none legal) the highest, so that the server says why not.
 * Null while answers are missing.
 * @param {Previews} p
 * @returns {MoveRequest | null}
 */
export function settleClick(p) {
  const asked = p.pendingClick;
  if (!asked) return null;
  const answers = asked.map((r) => p.answers.get(requestKey(r)));
  if (answers.some((a) => !a)) return null;
  p.pendingClick = null;
  return asked[Math.max(answers.findIndex((a) => a?.legal), 0)];
}
