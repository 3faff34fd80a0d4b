// Times and clocks in a few words, as the home and profile pages list games.

// "3 min ago", from a time in ms since the epoch.
/** @param {number} ms @param {number} [now] */
export function age(ms, now = Date.now()) {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return 'just now';
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.floor(m / 60);
  return h < 24 ? `${h} h ago` : `${Math.floor(h / 24)} d ago`;
}

const minutes = (/** @type {number} */ ms) => `${Math.round(ms / 6000) / 10} min`;
const seconds = (/** @type {number} */ ms) => `${Math.round(ms / 100) / 10} s`;

// The time control in a few words: "10 min + 5×30 s", "no clock".
/** @param {any} tc a listed game's `time_control`, any kind or none */
export function clockText(tc) {
  switch (tc?.kind) {
    case 'absolute': return minutes(tc.main_ms);
    case 'fischer': return `${minutes(tc.main_ms)} + ${seconds(tc.increment_ms)}/move`;
    case 'byo-yomi': return `${minutes(tc.main_ms)} + ${tc.periods}×${seconds(tc.period_ms)}`;
    default: return 'no clock';
  }
}
