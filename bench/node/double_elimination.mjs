// brackets-manager.js beside bench/double_elimination.py: create a double-elimination stage
// (grand final "double": a reset) in memory, then report every match, the upper bracket's
// opponent 1 winning; prints {"entries", "cpu_s"} as one JSON line.
import { BracketsManager } from "brackets-manager";
import { InMemoryDatabase } from "brackets-memory-db";

const size = Number(process.argv[2] || 4096);
const storage = new InMemoryDatabase();
const manager = new BracketsManager(storage);
const started = process.cpuUsage();
await manager.create.stage({
  tournamentId: 0,
  name: "bench",
  type: "double_elimination",
  seeding: Array.from({ length: size }, (_, i) => `Entry ${i + 1}`),
  settings: { grandFinal: "double" },
});
let reported = 0;
for (;;) {
  const ready = (await manager.storage.select("match")).filter(
    (m) => m.status === 2 && m.opponent1 && m.opponent2 && m.opponent1.id !== null && m.opponent2.id !== null,
  );
  if (ready.length === 0) break;
  for (const m of ready) {
    await manager.update.match({ id: m.id, opponent1: { result: "win" }, opponent2: { result: "loss" } });
    reported += 1;
  }
}
const used = process.cpuUsage(started);
console.log(JSON.stringify({ entries: size, reported, cpu_s: (used.user + used.system) / 1e6 }));
