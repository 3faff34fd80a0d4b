// Pointer, wheel, touch and keys on the board, turned into intents for the page. Returns
// a function that removes every listener.

/** @param {SVGSVGElement} svg @param {{ clientX: number, clientY: number }} ev */
function toBoard(svg, ev) {
  return clientToBoard(svg, ev.clientX, ev.clientY);
}

/** @param {SVGSVGElement} svg @param {number} x @param {number} y @returns {number[] | null} */
function clientToBoard(svg, x, y) {
  const m = svg.getScreenCTM();
  if (!m) return null;
  const p = new DOMPoint(x, y).matrixTransform(m.inverse());
  return [p.x, p.y];
}

/**
 * What the board's pointer and keys come to, for the page.
 * @typedef {object} BoardIntents
 * @property {(at: number[] | null) => void} hover the board point under the pointer
 * @property {(at: number[], touch: boolean) => void} click `touch` for a finger's tap
 * @property {(factor: number, at: number[] | null) => void} zoom about a board point
 * @property {(dx: number, dy: number) => void} pan by board units
 * @property {(mode: string) => void} snap continuous Go's snap mode (keys 1 to 3)
 * @property {() => void} reserve toggles the reserve stone (R)
 * @property {() => void} [territory] toggles territory (T)
 */
/** @param {SVGSVGElement} svg @param {BoardIntents} h */
export function bind(svg, h) {
  /** @type {{ x: number, y: number, moved: boolean, pinch: number } | null} */
  let drag = null;
  /** @type {Map<number, number[]>} */
  const pointers = new Map();
  const down = (/** @type {PointerEvent} */ ev) => {
    pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    drag = { x: ev.clientX, y: ev.clientY, moved: false, pinch: pointers.size > 1 ? dist() : 0 };
    svg.setPointerCapture?.(ev.pointerId);
  };
  const dist = () => { const [a, b] = [...pointers.values()]; return Math.hypot(a[0] - b[0], a[1] - b[1]); };
  // A pinch zooms around the point between the fingers, which stays under them.
  const between = () => { const [a, b] = [...pointers.values()]; return clientToBoard(svg, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2); };
  const move = (/** @type {PointerEvent} */ ev) => {
    const at = toBoard(svg, ev);
    if (pointers.has(ev.pointerId)) pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    if (drag && pointers.size > 1 && drag.pinch) {
      const d = dist(); h.zoom(d / drag.pinch, between()); drag.pinch = d; drag.moved = true; return;
    }
    if (drag && pointers.size === 1) {
      const dx = ev.clientX - drag.x; const dy = ev.clientY - drag.y;
      if (drag.moved || Math.hypot(dx, dy) > 8) {
        drag.moved = true;
        const r = svg.getBoundingClientRect(); const vb = svg.viewBox.baseVal;
        h.pan(-dx * vb.width / r.width, -dy * vb.height / r.height);
        drag.x = ev.clientX; drag.y = ev.clientY;
        return;
      }
    }
    if (at) h.hover(at);
  };
  const up = (/** @type {PointerEvent} */ ev) => {
    pointers.delete(ev.pointerId);
    const at = toBoard(svg, ev);
    if (drag && !drag.moved && at && pointers.size === 0) h.click(at, ev.pointerType === 'touch');
    if (pointers.size === 0) drag = null;
  };
  // A touch the browser takes back (a system gesture, a palm) must not stay counted as a
  // finger down: every later tap would read as the second finger of a pinch.
  const cancel = (/** @type {PointerEvent} */ ev) => {
    pointers.delete(ev.pointerId);
    if (pointers.size === 0) drag = null;
  };
  const leave = () => h.hover(null);
  const wheel = (/** @type {WheelEvent} */ ev) => { ev.preventDefault(); h.zoom(ev.deltaY < 0 ? 1.15 : 1 / 1.15, toBoard(svg, ev)); };
  const key = (/** @type {KeyboardEvent} */ ev) => {
    if (ev.target instanceof HTMLInputElement) return;
    if (ev.key === 'r' || ev.key === 'R') h.reserve();
    if ((ev.key === 't' || ev.key === 'T') && h.territory) h.territory();
    if (['1', '2', '3'].includes(ev.key)) h.snap(['nearest', 'own', 'opponent'][Number(ev.key) - 1]);
  };
  svg.addEventListener('pointerdown', down);
  svg.addEventListener('pointermove', move);
  svg.addEventListener('pointerup', up);
  svg.addEventListener('pointercancel', cancel);
  svg.addEventListener('pointerleave', leave);
  svg.addEventListener('wheel', wheel, { passive: false });
  window.addEventListener('keydown', key);
  return () => {
    svg.removeEventListener('pointerdown', down);
    svg.removeEventListener('pointermove', move);
    svg.removeEventListener('pointerup', up);
    svg.removeEventListener('pointercancel', cancel);
    svg.removeEventListener('pointerleave', leave);
    svg.removeEventListener('wheel', wheel);
    window.removeEventListener('keydown', key);
  };
}
