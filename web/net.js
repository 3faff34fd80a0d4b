// The socket: say hello with the seat token, hand every message to `onMessage`, reconnect
// with backoff when the connection drops (the server then sends the whole state again).
// The token goes in the first message, never in the URL, which proxies and servers log.

export function connect(id, token, onMessage, onStatus) {
  let ws = null; let closed = false; let delay = 250;
  const url = () => {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${proto}://${location.host}/ws/${id}`;
  };
  const open = () => {
    ws = new WebSocket(url());
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'hello', token: token ?? null }));
      delay = 250; onStatus('connected');
    };
    ws.onmessage = (ev) => { try { onMessage(JSON.parse(ev.data)); } catch (e) { console.error(e); } };
    ws.onclose = () => {
      onStatus('disconnected');
      if (!closed) { setTimeout(open, delay); delay = Math.min(delay * 2, 5000); }
    };
  };
  open();
  return {
    send(msg) { if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg)); },
    close() { closed = true; ws?.close(); },
  };
}
