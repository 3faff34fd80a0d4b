// The shapes of what the server sends (docs/api.md) and of the game page's state, as JSDoc
// typedefs for the type check (`tsc --checkJs`); this module has no code, only types.

/** @typedef {'black' | 'white'} Color */
/** A point: [x, y] on flat boards, [x, y, level] on a MarGo pyramid. */
/** @typedef {number[]} Point */
/** A stone: its point with its colour last (mixed, so typed loosely). */
/** @typedef {any[]} Stone */

/**
 * What a page may offer in a game of this variant (the state's `offers`).
 * @typedef {object} Offers
 * @property {boolean} pass a pass move (none in MarGo)
 * @property {boolean} reserve reserve stones (Topological Go)
 * @property {boolean} sgf an SGF download (classic Go)
 * @property {boolean} three_d a 3D view (MarGo)
 * @property {boolean} count_marking a marking phase before the count
 * @property {boolean} territory territory drawn on the board, with a switch to hide it
 * @property {boolean} trees tree links and the longest tree (Topological Go)
 */

/**
 * The board as the view describes it.
 * @typedef {{ kind: 'grid', size: number, star_points?: number[][] }
 *   | { kind: 'pyramid', size: number, levels?: number }
 *   | { kind: 'polygon', polygon?: number[][] }} BoardSpec
 */

/**
 * The position as the server draws it (`view`).
 * @typedef {object} GameView
 * @property {BoardSpec} board
 * @property {{ stone_radius?: number }} [rules]
 * @property {Stone[]} stones
 * @property {Point | null} [last]
 * @property {Stone[]} [dead]
 * @property {Point[]} [playable]
 * @property {Record<Color, number>} prisoners
 * @property {Record<string, any>} [display] the variant's display layers
 */

/**
 * The count (`count`): items, total, territory and the notes' facts.
 * @typedef {object} Count
 * @property {string} kind
 * @property {{ name: string, black: number, white: number }[]} items
 * @property {Record<Color, number>} total
 * @property {Record<Color, number>} [dead]
 * @property {Array<[number, number, Color]>} [owned]
 * @property {{ color: Color, polygon: number[][] }[]} [cells]
 * @property {Color} [no_move]
 * @property {Record<Color, number>} [reserve_left]
 * @property {Color} [forfeit]
 */

/**
 * @typedef {object} ClockSide
 * @property {number} main_ms
 * @property {number} periods
 * @property {number} [period_left_ms]
 */
/**
 * @typedef {object} TimeControl
 * @property {string} kind 'none', 'absolute', 'fischer' or 'byo-yomi'
 * @property {number} [main_ms]
 * @property {number} [period_ms]
 * @property {number} [increment_ms]
 */
/**
 * @typedef {object} Clock
 * @property {TimeControl} control
 * @property {Color | null} running
 * @property {ClockSide} black
 * @property {ClockSide} white
 */

/**
 * A move as the state lists it: a point, or `pass` / `resign`.
 * @typedef {{ color: Color, at?: Point, pass?: boolean, resign?: boolean, reserve?: boolean }} Move
 */

/**
 * A move's report (`last`, and `report` in a `moved` message).
 * @typedef {object} MoveReport
 * @property {string} result 'placed', 'pass', 'resign' or 'illegal'
 * @property {Color} color
 * @property {Point} [at]
 * @property {Stone[]} [captured]
 * @property {string} [notation]
 * @property {string} [reason]
 */

/**
 * The whole game as the `state` message sends it.
 * @typedef {object} GameState
 * @property {string} id
 * @property {string} variant
 * @property {Offers} offers
 * @property {object} [rules]
 * @property {Color | null} you
 * @property {string | null} [invite]
 * @property {string} [seats]
 * @property {string} status 'open', 'live' or 'finished' (the replay page: 'replay')
 * @property {string} phase 'playing', 'marking' or 'finished' (the replay page: 'replay')
 * @property {Color} to_move
 * @property {GameView} view
 * @property {Record<Color, number>} score
 * @property {Count | null} [count]
 * @property {Clock | null} [clock]
 * @property {number} seq
 * @property {Move[]} moves
 * @property {string[]} [notation]
 * @property {string | null} [result]
 * @property {Color | null} [undo_by]
 * @property {Partial<Record<Color, boolean>>} [accepted]
 * @property {MoveReport | null} [last]
 * @property {boolean} [hints]
 * @property {Partial<Record<Color, string | null>>} [names]
 * @property {{ color: Color, level: number, thinking?: boolean } | null} [computer]
 * @property {ChatLine[]} [chat] the last lines of this connection's chat
 * @property {{ by: Color | null, game: string | null } | null} [rematch] after the end
 */

/**
 * A line of chat: the players' (a seat's `color`) or the spectators' (`color` null).
 * @typedef {object} ChatLine
 * @property {'players' | 'spectators'} channel
 * @property {Color | null} color
 * @property {string} from the player's name, else the colour; `spectator` for a watcher
 * @property {string} text plain text
 * @property {number} at_ms
 * @property {number} move moves played when it was said
 */

/**
 * A move request: a point (`at`, with `reserve` for a reserve stone), or continuous Go's
 * pointer position (`request`) with its snap mode.
 * @typedef {{ at?: Point, reserve?: boolean, request?: number[], snap?: string }} MoveRequest
 */

/**
 * The server's answer to a preview request.
 * @typedef {object} PreviewResult
 * @property {boolean} legal
 * @property {Point} [at]
 * @property {Point[]} [captured]
 * @property {string} [reason]
 * @property {Record<Color, number>} [score]
 */

/**
 * Messages from the server on the game's socket.
 * @typedef {{ type: 'state', state: GameState }
 *   | { type: 'moved', seq: number, report: MoveReport, to_move: Color, phase: string,
 *       score: Record<Color, number>, clock: Clock | null, count?: Count | null,
 *       view?: GameView, result?: string }
 *   | { type: 'undo_requested', by: Color }
 *   | { type: 'undo_declined' }
 *   | { type: 'thinking' }
 *   | { type: 'hint', seq: number, move: Move | null, notation?: string | null, win_rate?: number | null }
 *   | { type: 'preview', request: MoveRequest, result: PreviewResult }
 *   | { type: 'refused', reason: string, message?: string }
 *   | { type: 'error', message: string }
 *   | ({ type: 'chat' } & ChatLine)
 *   | { type: 'rematch_offered', by: Color }
 *   | { type: 'rematch_declined', by: Color }
 *   | { type: 'rematch_ready', game: string }} ServerMessage
 */

/** The hint shown: being looked for, or the server's suggestion. */
/** @typedef {'asked' | { move: Move | null, notation?: string | null, win_rate?: number | null } | null} Suggestion */

export {};
