// Which view draws a MarGo game, 3D or 2D: the player's last choice, remembered in
// localStorage; without one, 3D only where WebGL runs on a graphics card (a software
// renderer draws the marbles too slowly to play on). three.js needs WebGL 2.

const KEY = 'stonefield.margo.view';

// Renderer names of WebGL drawn by the processor, not a graphics card.
const SOFTWARE = /swiftshader|llvmpipe|softpipe|software|basic render|microsoft basic/i;

/** The saved choice, else 3D where the hardware draws it. */
export function savedView() {
  const saved = localStorage.getItem(KEY);
  if (saved === '2d' || saved === '3d') return saved;
  return hardwareWebgl() ? '3d' : '2d';
}
/** @param {string} view */
export const saveView = (view) => localStorage.setItem(KEY, view);

export function webglWorks() {
  try {
    return !!document.createElement('canvas').getContext('webgl2');
  } catch {
    return false;
  }
}

// Whether WebGL 2 runs on a graphics card: the unmasked renderer's name, where the browser
// tells it, names no software renderer.
export function hardwareWebgl() {
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return !SOFTWARE.test(name);
  } catch {
    return false;
  }
}
