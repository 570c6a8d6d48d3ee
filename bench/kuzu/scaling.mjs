// One phase of the scaling benchmark (bench/scaling) run through Kuzu, in
// a fresh process; prints one line "SCALING <json>" in the shape of the
// cyq phases' reports.
//
//   node bench/kuzu/scaling.mjs --phase load  --db DIR --csv DIR
//   node bench/kuzu/scaling.mjs --phase query --db DIR --queries FILE --nodes N
//
// load creates the schema and COPYs person.csv, knows.csv and likes.csv
// (written by PowerLaw.WriteCSV); query opens the database read-only,
// answers MATCH (n) RETURN count(n) (the cold start), then runs each query
// of FILE ([{id, cypher, params}]) once to warm up and five times, and
// reports the median. Peak RSS is the process's VmHWM, the Node runtime
// included (BaseRSSMB: the process before the database was opened).
import fs from "node:fs";
import path from "node:path";
import kuzu from "kuzu";

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, "")] = process.argv[i + 1];

function peakRSSMB() {
  try {
    const m = /VmHWM:\s*(\d+)\s*kB/.exec(fs.readFileSync("/proc/self/status", "utf8"));
    return m ? Number(m[1]) / 1024 : -1;
  } catch {
    return -1;
  }
}

// run runs q (a string, or a statement prepared once, like cyq's plan
// cache) and returns the first value of the first row as a number.
async function run(conn, q, params) {
  const r = typeof q === "string" ? await conn.query(q) : await conn.execute(q, params ?? {});
  const rows = await r.getAll();
  r.close();
  if (rows.length === 0) return 0;
  const v = Object.values(rows[0])[0];
  return typeof v === "bigint" || typeof v === "number" ? Number(v) : 0;
}

const rep = { BaseRSSMB: peakRSSMB() };
const t0 = performance.now();
if (args.phase === "load") {
  fs.rmSync(args.db, { recursive: true, force: true });
  fs.rmSync(args.db + ".wal", { force: true });
  const db = new kuzu.Database(args.db);
  const conn = new kuzu.Connection(db);
  const csv = (f) => JSON.stringify(path.resolve(args.csv, f));
  for (const st of [
    "CREATE NODE TABLE Person(id INT64, admin BOOLEAN, PRIMARY KEY (id))",
    "CREATE REL TABLE KNOWS(FROM Person TO Person)",
    "CREATE REL TABLE LIKES(FROM Person TO Person)",
    `COPY Person FROM ${csv("person.csv")} (HEADER=false)`,
    `COPY KNOWS FROM ${csv("knows.csv")} (HEADER=false)`,
    `COPY LIKES FROM ${csv("likes.csv")} (HEADER=false)`,
  ]) {
    await run(conn, st);
  }
  await conn.close();
  await db.close();
  rep.Ms = performance.now() - t0;
  rep.RSSMB = peakRSSMB();
  const cpu = process.cpuUsage();
  rep.CPUs = (cpu.user + cpu.system) / 1e6;
} else if (args.phase === "query") {
  const queries = JSON.parse(fs.readFileSync(args.queries, "utf8"));
  const db = new kuzu.Database(args.db, 0, true, true);
  const conn = new kuzu.Connection(db);
  await db.init();
  await conn.init();
  rep.OpenMs = performance.now() - t0;
  const n = await run(conn, "MATCH (n) RETURN count(n)");
  if (n !== Number(args.nodes)) throw new Error(`count(n) = ${n}, want ${args.nodes}`);
  rep.Ms = performance.now() - t0;
  rep.RSSMB = peakRSSMB();
  rep.Warm = {};
  rep.First = {};
  for (const q of queries) {
    const ps = await conn.prepare(q.cypher);
    if (!ps.isSuccess()) throw new Error(`${q.id}: ${ps.getErrorMessage()}`);
    rep.First[q.id] = await run(conn, ps, q.params);
    const times = [];
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      await run(conn, ps, q.params);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    rep.Warm[q.id] = times[2];
  }
  rep.WarmRSSMB = peakRSSMB();
  await conn.close();
  await db.close();
} else {
  console.error("usage: node scaling.mjs --phase load|query ...");
  process.exit(2);
}
console.log("SCALING " + JSON.stringify(rep));
