// The optional stone sound: a short wooden click made with the Web Audio API (no audio
// files), off unless the player turns it on; the choice is kept in localStorage.

const KEY = 'stonefield.sound';

export const soundOn = () => localStorage.getItem(KEY) === 'on';

/** @type {AudioContext | null} */
let audio = null;

// Browsers start audio only from a user's gesture: the checkbox that turns the sound on is
// one, so the context is made (or resumed) there, and a page loaded with the sound on
// makes it at the first click anywhere.
function ready() {
  if (!audio) {
    const Ctx = window.AudioContext ?? /** @type {any} */ (window).webkitAudioContext;
    if (!Ctx) return null;
    audio = new Ctx();
  }
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  return audio;
}

/** @param {boolean} on */
export function setSound(on) {
  localStorage.setItem(KEY, on ? 'on' : 'off');
  if (on) ready();
}

if (soundOn()) window.addEventListener('pointerdown', ready, { once: true });

// One click: a burst of noise through a band-pass filter (the stone's crack on wood) over
// a low, quickly fading tone (the board's knock). Returns whether a sound was played.
export function playStone() {
  if (!soundOn()) return false;
  const ctx = ready();
  if (!ctx) return false;
  const t = ctx.currentTime;
  const noise = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * 0.05), ctx.sampleRate);
  const data = noise.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const crack = ctx.createBufferSource();
  crack.buffer = noise;
  const band = ctx.createBiquadFilter();
  band.type = 'bandpass'; band.frequency.value = 2400; band.Q.value = 1.2;
  const knock = ctx.createOscillator();
  knock.frequency.setValueAtTime(220, t);
  knock.frequency.exponentialRampToValueAtTime(90, t + 0.08);
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.5, t);
  gain.gain.exponentialRampToValueAtTime(0.001, t + 0.12);
  crack.connect(band).connect(gain);
  knock.connect(gain);
  gain.connect(ctx.destination);
  crack.start(t); knock.start(t); knock.stop(t + 0.12);
  return true;
}
