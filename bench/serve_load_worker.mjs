// One client process of serve_load.mjs: its share of the busy tables (serve_tables.mjs), driven by
// the parent over IPC (seat, start, stop, close), so that no single Node event loop parsing every
// socket's messages is what limits the figures. It measures its own event-loop lag, a part of every
// latency it reports.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BusyTables } from './serve_tables.mjs';

// Node's histogram records each 10 ms timer's whole interval (an idle loop reads ~10.1 ms), so the
// lag is what it records beyond the resolution.
const resolution = 10;
const loop = monitorEventLoopDelay({ resolution });
const lagMs = (ns) => Math.max(0, ns / 1e6 - resolution);

let busy, cpu;
process.on('disconnect', () => process.exit(0)); // the parent is gone: nothing left to report to
process.on('message', async (m) => {
  if (m.type === 'seat') {
    busy = new BusyTables(m.port, m.tables);
    await busy.seat();
    process.send({ type: 'seated' });
  } else if (m.type === 'start') {
    loop.enable();
    cpu = process.cpuUsage();
    busy.start(m.spreadMs);
  } else if (m.type === 'measure') {
    // The warm-up is over: what came before (every table's first moves at once) is not counted.
    Object.assign(busy, { latencies: [], moves: 0, games: 0 });
    loop.reset();
    cpu = process.cpuUsage();
  } else if (m.type === 'stop') {
    busy.running = false;
    loop.disable();
    const used = process.cpuUsage(cpu);
    process.send({
      type: 'result', moves: busy.moves, games: busy.games, cpuSeconds: (used.user + used.system) / 1e6,
      latencies: Float64Array.from(busy.latencies), // raw, so the parent's percentiles are over every sample
      lag: { p50: lagMs(loop.percentile(50)), p99: lagMs(loop.percentile(99)), max: lagMs(loop.max) },
    });
  } else if (m.type === 'close') {
    await busy.close();
    process.send({ type: 'closed' });
    process.disconnect();
  }
});
