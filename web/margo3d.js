// The 3D view of a MarGo game (three.js): marbles stacked on a wooden board, orbit and
// zoom, the levels above a chosen one faded, the server's playable points marked on every
// level and picked by raycasting. No rules here: balls, playable points and the hover
// preview all come from the server, as for the 2D view.
import * as THREE from './vendor/three/three.module.min.js';
import { OrbitControls } from './vendor/three/OrbitControls.js';
import { RoomEnvironment } from './vendor/three/RoomEnvironment.js';
import { planOf } from './board.js';
import { hintMove } from './state.js';

// Balls of diameter 1 on holes 1 apart: a ball resting on four others sits sqrt(1/2) higher.
const RADIUS = 0.49;
const LEVEL_HEIGHT = Math.SQRT1_2;
const BOARD_MARGIN = 0.45;
const BOARD_THICKNESS = 0.5;
// A faded level stays faintly visible, so that the stack still reads.
const FADED_OPACITY = 0.12;
const COLORS = { black: 0x171717, white: 0xf1ece1, playable: 0x0f9d58, legal: 0x1565c0, illegal: 0xc62828, last: 0xe53935, warn: 0xd32f2f };

// A wood texture drawn once on a 2D canvas: warm base, long darker grain lines, a little
// noise; no image file to serve.
function woodTexture() {
  const c = document.createElement('canvas');
  c.width = 512; c.height = 512;
  const g = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
  g.fillStyle = '#c98f4a';
  g.fillRect(0, 0, 512, 512);
  let seed = 7;
  const rand = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
  for (let i = 0; i < 140; i++) {
    const y0 = rand() * 512; const amp = 2 + rand() * 6; const freq = 0.004 + rand() * 0.01;
    g.strokeStyle = `rgba(${105 + rand() * 40},${58 + rand() * 25},${20 + rand() * 15},${0.1 + rand() * 0.3})`;
    g.lineWidth = 0.6 + rand() * 2.2;
    g.beginPath();
    for (let x = 0; x <= 512; x += 8) g.lineTo(x, y0 + Math.sin(x * freq + i) * amp);
    g.stroke();
  }
  const tex = new THREE.CanvasTexture(c);
  tex.colorSpace = THREE.SRGBColorSpace;
  tex.anisotropy = 4;
  return tex;
}

// A flat label (a coordinate) as a sprite: text drawn once on a small canvas.
/** @param {string} text */
function label(text) {
  const c = document.createElement('canvas');
  c.width = 64; c.height = 64;
  const g = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
  g.font = 'bold 40px system-ui, sans-serif';
  g.textAlign = 'center'; g.textBaseline = 'middle';
  g.fillStyle = '#3a2a14';
  g.fillText(text, 32, 34);
  const tex = new THREE.CanvasTexture(c);
  tex.colorSpace = THREE.SRGBColorSpace;
  const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: tex, transparent: true, depthWrite: false }));
  sprite.scale.set(0.42, 0.42, 1);
  return sprite;
}

// The 3D view on `canvas`. `handlers.hover(point)` hears the playable point under the
// pointer (or null), `handlers.click(point)` a click (a point, or null off any). Throws if
// WebGL cannot start.
/**
 * @param {HTMLCanvasElement} canvas
 * @param {{ hover: (p: number[] | null) => void, click: (p: number[] | null, touch: boolean) => void }} handlers
 */
export function createMargo3d(canvas, handlers) {
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, alpha: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.toneMapping = THREE.ACESFilmicToneMapping;
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = THREE.PCFShadowMap;
  const scene = new THREE.Scene();
  // Soft reflections of a room on the glossy marbles; a small map, unblurred, since without
  // a GPU (SwiftShader) the default one takes seconds to prepare.
  const pmrem = new THREE.PMREMGenerator(renderer);
  scene.environment = pmrem.fromScene(new RoomEnvironment(), 0, 0.1, 100, { size: 64 }).texture;
  scene.environmentIntensity = 0.55;
  pmrem.dispose();
  const camera = new THREE.PerspectiveCamera(35, 1, 0.1, 200);
  const controls = new OrbitControls(camera, canvas);
  controls.maxPolarAngle = Math.PI * 0.47;
  controls.minDistance = 2;
  controls.screenSpacePanning = true;

  const sun = new THREE.DirectionalLight(0xffffff, 1.9);
  sun.castShadow = true;
  sun.shadow.mapSize.set(1024, 1024);
  sun.shadow.bias = -0.0004;
  sun.shadow.radius = 4;
  scene.add(sun, sun.target, new THREE.HemisphereLight(0xfff8ee, 0x8a6a40, 0.6));

  const sphere = new THREE.SphereGeometry(RADIUS, 48, 32);
  const smallSphere = new THREE.SphereGeometry(0.13, 20, 14);
  const flatRing = new THREE.RingGeometry(0.24, 0.34, 40).rotateX(-Math.PI / 2);
  const equator = new THREE.TorusGeometry(RADIUS * 1.02, 0.045, 10, 48).rotateX(Math.PI / 2);
  const topRing = new THREE.TorusGeometry(0.17, 0.04, 10, 32).rotateX(Math.PI / 2);
  const ballMaterial = (/** @type {number} */ color, /** @type {boolean} */ faded) => new THREE.MeshStandardMaterial({
    color, roughness: color === COLORS.black ? 0.16 : 0.22, metalness: 0,
    transparent: faded, opacity: faded ? FADED_OPACITY : 1, depthWrite: !faded,
  });
  /** @type {Record<string, any>} three.js materials, by colour and fade */
  const materials = {
    black: ballMaterial(COLORS.black, false),
    white: ballMaterial(COLORS.white, false),
    blackFaded: ballMaterial(COLORS.black, true),
    whiteFaded: ballMaterial(COLORS.white, true),
    playable: new THREE.MeshStandardMaterial({ color: COLORS.playable, emissive: COLORS.playable, emissiveIntensity: 0.35, roughness: 0.5 }),
    last: new THREE.MeshStandardMaterial({ color: COLORS.last, emissive: COLORS.last, emissiveIntensity: 0.5, roughness: 0.4 }),
    warn: new THREE.MeshStandardMaterial({ color: COLORS.warn, emissive: COLORS.warn, emissiveIntensity: 0.4, roughness: 0.4 }),
    pick: new THREE.MeshBasicMaterial({ visible: false }),
  };
  /** @type {Record<string, any>} */
  const ghostMaterials = {};
  const ghostMaterial = (/** @type {string} */ color) => {
    // Tinted blue, so that a ghost never passes for a ball already there.
    ghostMaterials[color] ??= new THREE.MeshStandardMaterial({ color: color === 'white' ? 0xb9d4f5 : 0x1d2a44, emissive: COLORS.legal, emissiveIntensity: 0.3, roughness: 0.2, transparent: true, opacity: 0.72, depthWrite: false });
    return ghostMaterials[color];
  };
  const ringMaterial = (/** @type {number} */ color) => new THREE.MeshStandardMaterial({ color, emissive: color, emissiveIntensity: 0.6, roughness: 0.4 });
  const legalRing = ringMaterial(COLORS.legal);
  const illegalRing = ringMaterial(COLORS.illegal);
  const hintRing = ringMaterial(0x8e24aa);

  let size = 0;
  /** @type {any} three.js's Group, once built */
  let board = null;
  const balls = new THREE.Group();
  const overlay = new THREE.Group();
  scene.add(balls, overlay);
  // What the balls layer was built from, so that a hover redraws the overlay only.
  /** @type {{ view: object | null, fade: number | null, mine: boolean | null }} */
  let built = { view: null, fade: null, mine: null };
  // Raycast targets: ball meshes (user data: the ball's point) and invisible spheres at the
  // playable points (user data: the point, `playable`).
  /** @type {any[]} three.js meshes */
  let targets = [];

  const centre = () => (size - 1) / 2;
  // Board [x, y, level] to scene coordinates: x right, level up, y towards the viewer.
  /** @param {number[]} p */
  function position([x, y, l]) {
    const [px, py] = planOf([x, y, l]);
    return new THREE.Vector3(px - centre(), RADIUS + l * LEVEL_HEIGHT, py - centre());
  }

  /** @param {number} n */
  function buildBoard(n) {
    if (board) { scene.remove(board); board.traverse((/** @type {any} */ o) => o.geometry?.dispose()); }
    size = n;
    board = new THREE.Group();
    const side = n - 1 + 2 * (RADIUS + BOARD_MARGIN);
    const wood = new THREE.MeshStandardMaterial({ map: woodTexture(), roughness: 0.62, metalness: 0 });
    const slab = new THREE.Mesh(new THREE.BoxGeometry(side, BOARD_THICKNESS, side), wood);
    slab.position.y = -BOARD_THICKNESS / 2;
    slab.receiveShadow = true;
    board.add(slab);
    const hole = new THREE.Mesh(new THREE.CircleGeometry(0.17, 32).rotateX(-Math.PI / 2), new THREE.MeshStandardMaterial({ color: 0x4a3018, roughness: 0.9 }));
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const h = hole.clone();
        h.position.set(x - centre(), 0.002, y - centre());
        h.receiveShadow = true;
        board.add(h);
      }
    }
    // The book's coordinates, as in 2D and the move list: columns A.. along the front and
    // back edges, rows 1.. from the front along the sides, a half step apart.
    const cells = 2 * n - 1; const edge = side / 2 - 0.22;
    for (let c = 0; c < cells; c++) {
      const v = c / 2 - centre();
      for (const [text, x, z] of [[String.fromCharCode(65 + c), v, edge], [String.fromCharCode(65 + c), v, -edge], [String(cells - c), -edge, v], [String(cells - c), edge, v]]) {
        const l = label(String(text));
        l.position.set(Number(x), 0.22, Number(z));
        board.add(l);
      }
    }
    scene.add(board);
    sun.position.set(-n * 0.8, n * 2.2, n * 1.1);
    const s = sun.shadow.camera;
    s.left = -n; s.right = n; s.top = n; s.bottom = -n; s.near = 0.5; s.far = n * 6;
    s.updateProjectionMatrix();
    // From the front, above, as a player sitting at the board sees it, far enough for the
    // whole board to fit.
    const distance = side * 1.9 + 1;
    const elevation = THREE.MathUtils.degToRad(58);
    camera.position.set(0, distance * Math.sin(elevation), distance * Math.cos(elevation));
    controls.target.set(0, (n - 1) * LEVEL_HEIGHT * 0.25, 0);
    controls.maxDistance = n * 5 + 6;
    controls.update();
  }

  /** @param {any} geometry @param {any} material @param {any} at a THREE.Vector3 */
  function mesh(geometry, material, at, shadows = true) {
    const m = new THREE.Mesh(geometry, material);
    m.position.copy(at);
    m.castShadow = shadows;
    m.receiveShadow = shadows;
    return m;
  }

  /** @param {any} group a THREE.Group */
  function clear(group) {
    for (const o of [...group.children]) group.remove(o);
  }

  // The balls, their marks (last move, zombies, cut contacts) and the playable points.
  /** @param {import('./state.js').LoadedState} st @param {number} fade @param {boolean} mine */
  function buildBalls(st, fade, mine) {
    const g = st.game; const v = g.view; const d = v.display ?? {};
    clear(balls);
    targets = [];
    const key = (/** @type {any[]} */ p) => p.slice(0, 3).join(',');
    const zombies = new Set((d.zombies ?? []).map(key));
    const faded = (/** @type {number} */ l) => l + 1 > fade;
    for (const s of v.stones) {
      const color = s[3];
      const m = mesh(sphere, materials[faded(s[2]) ? `${color}Faded` : color], position(s));
      m.castShadow = !faded(s[2]);
      m.userData = { point: s.slice(0, 3) };
      balls.add(m);
      if (!faded(s[2])) targets.push(m);
      if (zombies.has(key(s))) balls.add(mesh(equator, materials.warn, position(s), false));
    }
    if (v.last && !faded(v.last[2])) {
      const at = position(v.last);
      at.y += RADIUS - 0.02;
      balls.add(mesh(topRing, materials.last, at, false));
    }
    // A contact cut by a bridge: a red bead in the valley between the two balls.
    for (const [a, b] of d.cut_contacts ?? []) {
      if (faded(a[2])) continue;
      const at = position(a).add(position(b)).multiplyScalar(0.5);
      at.y += RADIUS * 0.8;
      balls.add(mesh(smallSphere, materials.warn, at, false));
    }
    const playable = mine ? (v.playable ?? []) : [];
    for (const p of playable) {
      if (faded(p[2])) continue;
      const at = position(p);
      if (p[2] === 0) {
        const ring = mesh(flatRing, materials.playable, new THREE.Vector3(at.x, 0.01, at.z), false);
        balls.add(ring);
      } else {
        balls.add(mesh(smallSphere, materials.playable, at, false));
      }
      const pick = mesh(sphere, materials.pick, at, false);
      pick.userData = { point: p, playable: true };
      balls.add(pick);
      targets.push(pick);
    }
    // New meshes get their world matrices at the next render; picking may come first.
    balls.updateMatrixWorld(true);
    canvas.dataset.balls = String(v.stones.length);
    canvas.dataset.playable = String(playable.length);
  }

  // The server's preview: a translucent ball where the ball would land, ringed blue when
  // legal and red when not, and the balls it would capture ringed red.
  /** @param {import('./state.js').LoadedState} st */
  function buildOverlay(st) {
    clear(overlay);
    // The hint: a violet ring around the suggested point and a pin above it.
    const hint = hintMove(st.suggestion);
    canvas.dataset.hint = hint?.at ? hint.at.join(',') : '';
    if (hint?.at) {
      const at = position(hint.at);
      overlay.add(mesh(equator, hintRing, at, false));
      const pin = at.clone(); pin.y += RADIUS + 0.35;
      overlay.add(mesh(smallSphere, hintRing, pin, false));
    }
    const pv = st.preview;
    const at = pv ? pv.result.at ?? pv.request.at : null;
    canvas.dataset.ghost = pv && at ? `${at.join(',')}:${pv.result.legal}` : '';
    if (!pv || !at) return;
    const p = pv.result;
    const color = st.game.you ?? st.game.to_move;
    overlay.add(mesh(sphere, ghostMaterial(color), position(at), false));
    overlay.add(mesh(equator, p.legal ? legalRing : illegalRing, position(at), false));
    for (const c of p.captured ?? []) overlay.add(mesh(equator, illegalRing, position(c), false));
  }

  let frame = 0;
  function requestRender() {
    if (!frame) frame = requestAnimationFrame(() => { frame = 0; renderer.render(scene, camera); });
  }
  controls.addEventListener('change', requestRender);

  function resize() {
    const w = canvas.clientWidth; const h = canvas.clientHeight;
    if (!w || !h) return;
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    requestRender();
  }
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);

  // The playable point under a pointer at client (cx, cy), or null: the nearest target hit;
  // over a ball, the playable point nearest to where the ray meets it, if close.
  const raycaster = new THREE.Raycaster();
  /** @param {number} cx @param {number} cy @returns {number[] | null} */
  function pointAt(cx, cy) {
    camera.updateMatrixWorld();
    const r = canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(((cx - r.left) / r.width) * 2 - 1, -((cy - r.top) / r.height) * 2 + 1);
    raycaster.setFromCamera(ndc, camera);
    const hit = raycaster.intersectObjects(targets, false)[0];
    if (!hit) return null;
    if (hit.object.userData.playable) return hit.object.userData.point;
    let best = null; let dist = 0.75;
    for (const t of targets) {
      if (!t.userData.playable) continue;
      const dd = t.position.distanceTo(hit.point);
      if (dd < dist) { best = t.userData.point; dist = dd; }
    }
    return best;
  }

  // A press that hardly moves is a click; anything more turns the view. `pointer` is where
  // the pointer last hovered, to pick again when the balls change under it.
  /** @type {{ x: number, y: number, id: number, many: boolean } | null} */
  let press = null;
  /** @type {[number, number] | null} */
  let pointer = null;
  const down = (/** @type {PointerEvent} */ ev) => { press = { x: ev.clientX, y: ev.clientY, id: ev.pointerId, many: !!press }; };
  const up = (/** @type {PointerEvent} */ ev) => {
    if (press && press.id === ev.pointerId && !press.many && Math.hypot(ev.clientX - press.x, ev.clientY - press.y) < 6) {
      handlers.click(pointAt(ev.clientX, ev.clientY), ev.pointerType === 'touch');
    }
    press = null;
  };
  const move = (/** @type {PointerEvent} */ ev) => {
    pointer = [ev.clientX, ev.clientY];
    if (!press) handlers.hover(pointAt(...pointer));
  };
  const leave = () => { pointer = null; handlers.hover(null); };
  canvas.addEventListener('pointerdown', down);
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerleave', leave);

  return {
    // Draws the state: `fade` is the highest level shown solid (1 = bottom), `mine`
    // whether the viewer is to move (the playable points are theirs to pick).
    /** @param {import('./state.js').LoadedState} st @param {import('./board.js').PyramidGeometry} geo @param {{ fade: number, mine: boolean }} how */
    draw(st, geo, { fade, mine }) {
      if (geo.size !== size) { buildBoard(geo.size); built = { view: null, fade: null, mine: null }; }
      if (built.view !== st.game.view || built.fade !== fade || built.mine !== mine) {
        buildBalls(st, fade, mine);
        built = { view: st.game.view, fade, mine };
        handlers.hover(pointer ? pointAt(...pointer) : null);
      }
      buildOverlay(st);
      canvas.dataset.fade = String(fade);
      requestRender();
    },
    // Where the centre of the ball at [x, y, level] is on screen, in client pixels.
    /** @param {number[]} p */
    project(p) {
      camera.updateMatrixWorld();
      const v = position(p).project(camera);
      const r = canvas.getBoundingClientRect();
      return [r.left + ((v.x + 1) / 2) * r.width, r.top + ((1 - v.y) / 2) * r.height];
    },
    pointAt,
    // The points marked playable now, that a click can pick.
    marked: () => targets.filter((t) => t.userData.playable).map((t) => t.userData.point),
    resize,
    dispose() {
      observer.disconnect();
      controls.dispose();
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerleave', leave);
      renderer.dispose();
    },
  };
}
