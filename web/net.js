// The socket: say hello with the seat token, hand every message to `onMessage`, and when
// the connection drops reconnect by itself, waiting longer after each failure (doubling,
// with jitter so that a restarted server is not hit by every page at once, capped). The
// hello of each new connection makes the server send the whole state again, so nothing
// said while the page was away is missed. The token goes in the first message, never in
// the URL, which proxies and servers log.

const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 8000;
// A socket that neither opens nor fails within this time (a network that drops packets
// rather than refusing) is abandoned and tried again.
const OPEN_TIMEOUT_MS = 10000;

// `onStatus(status, retryInMs)`: 'connecting', 'connected', or 'disconnected' with the
// wait before the next try.
/**
 * @param {string} id the game
 * @param {string | null} token the seat's, or null to watch
 * @param {(m: import('./types.js').ServerMessage) => void} onMessage
 * @param {(status: 'connecting' | 'connected' | 'disconnected', retryIn?: number) => void} onStatus
 */
export function connect(id, token, onMessage, onStatus) {
  /** @type {WebSocket | null} */
  let ws = null;
  let closed = false; let delay = FIRST_DELAY_MS;
  let retryTimer = 0; let openTimer = 0;
  const url = () => {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${proto}://${location.host}/ws/${id}`;
  };
  const retryLater = () => {
    // Up to a quarter more or less than the nominal delay.
    const wait = Math.round(delay * (0.75 + Math.random() * 0.5));
    delay = Math.min(delay * 2, MAX_DELAY_MS);
    clearTimeout(retryTimer);
    retryTimer = setTimeout(open, wait);
    onStatus('disconnected', wait);
  };
  const open = () => {
    clearTimeout(retryTimer);
    onStatus('connecting');
    const sock = new WebSocket(url());
    ws = sock;
    openTimer = setTimeout(() => sock.close(), OPEN_TIMEOUT_MS);
    sock.onopen = () => {
      clearTimeout(openTimer);
      sock.send(JSON.stringify({ type: 'hello', token: token ?? null }));
      delay = FIRST_DELAY_MS; onStatus('connected');
    };
    sock.onmessage = (ev) => { try { onMessage(JSON.parse(ev.data)); } catch (e) { console.error(e); } };
    sock.onclose = () => {
      clearTimeout(openTimer);
      // A socket replaced by `retryNow` has already handed over to the new one.
      if (sock !== ws || closed) return;
      retryLater();
    };
  };
  const connected = () => !!ws && ws.readyState === WebSocket.OPEN;
  // Back online (the browser says so): no need to sit out the rest of the wait.
  const online = () => { if (!connected()) retryNow(); };
  function retryNow() {
    if (closed || connected()) return;
    const old = ws; ws = null;
    old?.close();
    delay = FIRST_DELAY_MS;
    open();
  }
  window.addEventListener('online', online);
  open();
  return {
    // Sends `msg` if the socket is open; false (and nothing sent) otherwise, so that the
    // page can say so instead of losing the message silently.
    send(/** @type {object} */ msg) {
      if (!ws || !connected()) return false;
      ws.send(JSON.stringify(msg));
      return true;
    },
    connected,
    retryNow,
    close() { closed = true; clearTimeout(retryTimer); window.removeEventListener('online', online); ws?.close(); },
  };
}
