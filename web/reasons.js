// Why something was refused, in plain words: one table for every reason code the server
// sends (the rules' reasons and the server's own), used for refusals and for the hover
// hint. A code with several meanings gives one sentence per variant or phase.

/** @type {Record<string, string | Record<string, string>>} */
export const REASONS = {
  // The rules' reasons (stonefield_rules::IllegalMove).
  'occupied': 'There is already a stone on that point.',
  'overlap': 'A stone there would overlap another stone.',
  'outside': 'That is off the board (a stone must fit inside it).',
  'suicide': 'That stone would have no liberty left: suicide is not allowed.',
  'ko': 'Ko: you cannot take the ko back at once. Play elsewhere first.',
  'superko': 'Superko: that move would repeat an earlier whole-board position.',
  'not-your-turn': 'It is not your turn.',
  'unsupported': {
    margo: 'A ball above the bottom level needs all four balls under it.',
    marking: 'There is no stone there to mark.',
    default: 'That move does not exist in this game.',
  },
  'pass-not-allowed': 'There is no passing in MarGo: the game ends when a player has no legal move.',
  'game-over': 'The game is over.',
  'not-connected': 'A normal stone must touch one of your stones. Use a reserve stone (R) to start a new tree.',
  'reserve-touches': 'A reserve stone must not touch your own stones: it starts a new tree.',
  'no-stones-left': 'You have no stones of that kind left.',
  'enclosed': 'That point lies in an enclosed region, closed to both players.',
  'wrong-phase': {
    marking: 'Play has stopped: mark dead stones, then accept the count or resume play.',
    default: 'That is not possible at this point of the game.',
  },
  // Continuous Go: a click that resolves to no point.
  'no-point': 'That is on a stone, too close to its centre: a click there counts as a misclick. Click beside it to place a stone touching it.',
  // The server's own reasons.
  'spectator': 'Spectators cannot play.',
  'malformed': 'The request could not be read.',
  'waiting': 'Your opponent has not joined yet.',
  'hints-off': 'Hints are off in this game.',
  'hint-pending': 'A hint is already being looked for.',
  'no-undo': 'There is nothing to take back.',
  'undo-pending': 'An undo request is already waiting for an answer.',
  'internal': 'Something went wrong on the server; try again.',
  'too-often': 'Too many requests at once: wait a moment.',
  'bad-name': 'A name needs 1 to 40 characters, without line breaks or other control characters.',
  'failed': 'The server could not save that; try again.',
  'chat-empty': 'Say something: the message is empty.',
  'chat-too-long': 'A chat message has at most 500 characters.',
  'chat-control': 'A chat message is plain text, without control characters.',
  'chat-full': 'This game\'s chat is full.',
  'not-over': 'A rematch is offered once the game is over.',
  'no-rematch': 'There is no rematch offer from your opponent to answer.',
};

// The sentence for `reason` in a game of `variant` in `phase`; the server's own message
// for a code the table does not know.
/**
 * @param {string} reason
 * @param {{ variant?: string, phase?: string, message?: string }} [context]
 */
export function explain(reason, { variant, phase, message } = {}) {
  const entry = REASONS[reason];
  let text = message ?? reason;
  if (typeof entry === 'string') text = entry;
  else if (entry) text = entry[phase ?? ''] ?? entry[variant ?? ''] ?? entry.default;
  return variant === 'margo' ? inBalls(text) : text;
}

// MarGo is played with balls: its sentences say so, whatever the shared table says.
/** @param {string} text */
export const inBalls = (text) => text.replace(/\b([Ss])tone(s?)\b/g, (_, s, plural) => `${s === 'S' ? 'B' : 'b'}all${plural}`);
