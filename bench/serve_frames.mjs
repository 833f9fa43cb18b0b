// Frames that carry no message (issue 49, finding 3; a benchmark, not a test; 127.0.0.1 only,
// every loop bounded in time): what they cost the server and whether it lets them go.
//   pong          `--connections` raw WebSockets from one address, each writing empty pong frames
//                 as fast as its socket takes them (each reconnects when closed)
//   continuation  the same, each opening a text message and never ending it: empty continuation
//                 frames without FIN, for ever
//   fragments     a 70 KiB message in 1 KiB fragments (over the 64 KiB limit) sent with Node's ws,
//                 ten times: the close codes it reports
// It reports the server's CPU seconds per second of attack, the connections the server closed
// (and how), and the frames written; then whether a client from another address is still served.
//   node bench/serve_frames.mjs [--kind pong|continuation|fragments] [--connections 60] [--seconds 10] [--binary build/inbetween]
import net from 'node:net';
import { join } from 'node:path';
import { arg, here, startServer, stopServer, cpuSeconds, connect, send, next } from './serve_tables.mjs';

const kind = arg('kind', 'pong');
const connections = Number(arg('connections', 60));
const seconds = Number(arg('seconds', 10));
const binary = arg('binary', join(here, '../build/inbetween'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
setTimeout(() => { console.error('serve_frames: over its time bound'); process.exit(1); }, (seconds + 60) * 1000).unref();

// A client frame header, masked with an all-zero key (so the payload goes as is).
const header = (first, length) => length < 126 ? Buffer.from([first, 0x80 | length, 0, 0, 0, 0])
  : Buffer.from([first, 0x80 | 126, length >> 8, length & 0xff, 0, 0, 0, 0]);
const FIN = 0x80;
const repeat = (frame, times) => Buffer.concat(Array.from({ length: times }, () => frame));

// A raw TCP client that completes the WebSocket handshake; resolves to the socket or null. Once
// open, `socket.closeCode` is the code of a close frame from the server, if one came.
function rawWebSocket(port, localAddress) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress });
    socket.on('error', () => resolve(null));
    socket.on('close', () => resolve(null));
    socket.once('connect', () => socket.write('GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n'));
    socket.once('data', (d) => {
      if (!d.toString().startsWith('HTTP/1.1 101')) return resolve(null);
      let seen = Buffer.alloc(0);
      socket.on('data', (more) => {
        // Frames from the server are unmasked: find a close frame (opcode 8) among them.
        seen = Buffer.concat([seen, more]);
        while (seen.length >= 2) {
          const length = seen[1] & 0x7f, start = length === 126 ? 4 : 2, size = length === 126 ? seen.readUInt16BE(2) : length;
          if (seen.length < start + size) break;
          if ((seen[0] & 0x0f) === 8) socket.closeCode = size >= 2 ? seen.readUInt16BE(start) : 1005;
          seen = seen.subarray(start + size);
        }
      });
      resolve(socket);
    });
  });
}

// Writes `chunk` over and over while the socket takes it and the attack lasts; counts the frames.
async function pour(socket, chunk, framesInChunk, counts) {
  while (!socket.destroyed && Date.now() < stopAt) {
    counts.frames += framesInChunk;
    if (socket.write(chunk)) continue;
    await new Promise((resolve) => {
      const done = () => { socket.off('drain', done); socket.off('close', done); clearTimeout(timer); resolve(); };
      const timer = setTimeout(done, 200);
      socket.on('drain', done);
      socket.on('close', done);
    });
  }
}

const { server, port } = await startServer(binary, []);
const stopAt = Date.now() + seconds * 1000;
const counts = { connections: 0, refused: 0, closed_by_server: 0, close_codes: {}, frames: 0 };
const cpuBefore = cpuSeconds(server.pid);
const began = performance.now();

if (kind === 'fragments') {
  // Node's ws, as a program would send it: 70 fragments of 1 KiB, ten times; the close codes it reports.
  for (let i = 0; i < 10; i++) {
    const ws = await connect(port, '127.0.4.1');
    const code = await new Promise((resolve) => {
      ws.on('close', resolve);
      ws.on('error', () => {});
      for (let k = 0; k < 70; k++) ws.send('x'.repeat(1024), { fin: k === 69 });
    });
    counts.close_codes[code] = (counts.close_codes[code] ?? 0) + 1;
  }
  console.log(`a 70 KiB message in 1 KiB fragments, 10 times (Node's ws): close codes ${JSON.stringify(counts.close_codes)}`);
} else {
  const pong = header(FIN | 0x0a, 0);
  const chunk = kind === 'pong' ? repeat(pong, 10000) : repeat(header(0x00, 0), 10000);
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < stopAt) {
      const socket = await rawWebSocket(port, '127.0.4.1');
      if (!socket) { counts.refused++; await sleep(100); continue; }
      counts.connections++;
      socket.on('error', () => {});
      const gone = new Promise((r) => socket.on('close', r));
      if (kind === 'continuation') socket.write(header(0x01, 0)); // a text message begun, never ended
      await pour(socket, chunk, 10000, counts);
      if (socket.destroyed || await Promise.race([gone.then(() => true), sleep(50).then(() => false)])) {
        counts.closed_by_server++;
        const code = socket.closeCode ?? 'none';
        counts.close_codes[code] = (counts.close_codes[code] ?? 0) + 1;
      }
      socket.destroy();
    }
  }));
}
const attackSeconds = (performance.now() - began) / 1000;
const cpu = cpuSeconds(server.pid) - cpuBefore;
// Another address is still served.
const other = await connect(port, '127.0.5.1');
let after = 'no connection';
if (other) {
  send(other, { type: 'tables' });
  after = (await Promise.race([next(other, 'tables'), sleep(5000).then(() => ({ type: 'nothing within 5 s' }))])).type;
  other.terminate();
}
await stopServer(server);
console.log(`${kind}: ${attackSeconds.toFixed(1)} s, server CPU ${cpu.toFixed(1)} s (${(cpu / attackSeconds).toFixed(2)} s a second)`);
if (kind !== 'fragments') console.log(`connections ${counts.connections} (refused ${counts.refused}), closed by the server ${counts.closed_by_server} ${JSON.stringify(counts.close_codes)}, frames written ${(counts.frames / 1e6).toFixed(1)} M`);
console.log(`another address afterwards: ${after}`);
process.exit(0);
