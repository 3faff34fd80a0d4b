// The socket: connect with the seat token, hand every message to `onMessage`, reconnect
// with backoff when the connection drops (the server then sends the whole state again).

export function connect(id, token, onMessage, onStatus) {
  let ws = null; let closed = false; let delay = 250;
  const url = () => {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${proto}://${location.host}/ws/${id}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  };
  const open = () => {
    ws = new WebSocket(url());
    ws.onopen = () => { delay = 250; onStatus('connected'); };
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
