// Which view draws a MarGo game, 3D or 2D: the player's last choice, remembered in
// localStorage, and whether this browser can draw the 3D one (three.js needs WebGL 2).

const KEY = 'stonefield.margo.view';

export const savedView = () => (localStorage.getItem(KEY) === '2d' ? '2d' : '3d');
/** @param {string} view */
export const saveView = (view) => localStorage.setItem(KEY, view);

export function webglWorks() {
  try {
    return !!document.createElement('canvas').getContext('webgl2');
  } catch {
    return false;
  }
}
