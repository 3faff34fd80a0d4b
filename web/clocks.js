// Clocks as the panel shows them: time left as m:ss (with byo-yomi periods), and whether
// it is low enough to warn the player. The time itself comes from `timeLeft` (state.js),
// counted down from the server's last figure.

/** @param {{ main: number, periods: number, byo: boolean } | null} t */
export function fmtTime(t) {
  if (!t) return '–';
  const s = Math.max(0, Math.ceil(t.main / 1000));
  const txt = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  return t.byo || t.periods ? `${txt} (${t.periods})` : txt;
}

const SECOND = 1000;

// Low time, relative to the time control (`clock.control` of the state): in byo-yomi
// periods, the last 10 s of a period (less for short periods); in main time without
// periods to follow, a tenth of the main time, at least 10 s and at most a minute, but
// never more than half of it, so that a very short game does not warn from its start.
// Main time with byo-yomi periods still to come never warns: the periods are the reserve.
/** @param {{ main: number, periods: number, byo: boolean } | null} t @param {import('./types.js').TimeControl | undefined} control */
export function lowTime(t, control) {
  if (!t || !control || control.kind === 'none') return false;
  if (t.byo) return t.main < Math.min(10 * SECOND, (control.period_ms ?? 0) / 2);
  if (t.periods > 0) return false;
  const main = control.main_ms ?? 0;
  const threshold = Math.min(Math.max(main / 10, 10 * SECOND), 60 * SECOND, main / 2);
  return t.main < threshold;
}
