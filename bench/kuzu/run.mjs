// Runs a cyq benchmark query file through Kuzu (npm package kuzu) and
// writes results in the same JSON shape as cmd/cyqbench.
//
//   node bench/kuzu/run.mjs --queries FILE --csv bench/work/kuzu-csv \
//        --work bench/work [--runs 5] [--timeout 60000] [--datasets a,b] [--out FILE]
//
// Datasets are loaded from the CSV files and load.cypher scripts written
// by `go run ./bench/cmd/kuzuprep` into on-disk databases under
// WORK/kuzu/<dataset> (reopened on later runs). Each query is prepared
// once, run once to warm up and then --runs times; the time of a run is
// execute + reading every row (the prepared statement is reused, like
// cyq's plan cache).
import fs from "node:fs";
import path from "node:path";
import kuzu from "kuzu";

const args = {};
for (let i = 2; i < process.argv.length; i += 2) {
  args[process.argv[i].replace(/^--/, "")] = process.argv[i + 1];
}
if (!args.queries) {
  console.error("usage: node run.mjs --queries FILE --csv DIR --work DIR [--runs N] [--timeout MS] [--datasets a,b] [--out FILE]");
  process.exit(2);
}
const runs = Number(args.runs ?? 5);
const timeoutMs = Number(args.timeout ?? 60000);
const work = path.resolve(args.work ?? "bench/work");
const csvDir = path.resolve(args.csv ?? path.join(work, "kuzu-csv"));
const only = args.datasets ? args.datasets.split(",") : null;
const loadOnly = args["load-only"] === "true";
const reload = args.reload === "true" || loadOnly;
const queries = JSON.parse(fs.readFileSync(args.queries, "utf8"));

function norm(v) {
  if (v === null || v === undefined) return null;
  if (typeof v === "bigint") return Number(v);
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(norm);
  if (typeof v === "object") {
    const o = {};
    for (const [k, x] of Object.entries(v)) o[k] = norm(x);
    return o;
  }
  return v;
}

async function openDataset(name) {
  const dir = path.join(work, "kuzu", name);
  const marker = dir + ".loaded.json";
  if (!reload && fs.existsSync(marker) && fs.existsSync(dir)) {
    const ld = JSON.parse(fs.readFileSync(marker, "utf8"));
    const db = new kuzu.Database(dir);
    const conn = new kuzu.Connection(db);
    ld.cached = true;
    console.error(`${name}: reopened ${dir} (loaded earlier in ${ld.ms} ms)`);
    return { db, conn, ld };
  }
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  for (const f of fs.readdirSync(path.dirname(dir))) {
    if (f === name || f.startsWith(name + ".")) fs.rmSync(path.join(path.dirname(dir), f), { recursive: true, force: true });
  }
  const script = fs.readFileSync(path.join(csvDir, name, "load.cypher"), "utf8").split("\n").filter((s) => s.trim() !== "");
  const db = new kuzu.Database(dir);
  const conn = new kuzu.Connection(db);
  const start = performance.now();
  for (const st of script) {
    const r = await conn.query(st);
    await r.getAll();
    r.close();
  }
  const ms = Math.round((performance.now() - start) * 1000) / 1000;
  const count = async (q) => {
    const r = await conn.query(q);
    const n = Number((await r.getAll())[0].c);
    r.close();
    return n;
  };
  const ld = { dataset: name, ms, nodes: await count("MATCH (n) RETURN count(n) AS c"), rels: await count("MATCH ()-[r]->() RETURN count(r) AS c") };
  fs.writeFileSync(marker, JSON.stringify(ld));
  console.error(`${name}: loaded ${ld.nodes} nodes, ${ld.rels} relationships in ${ms} ms`);
  return { db, conn, ld };
}

async function runQuery(conn, q) {
  const res = { id: q.id, dataset: q.dataset, median_ms: 0, min_ms: 0, max_ms: 0, runs: 0, row_count: 0, columns: [], rows: [] };
  let ps;
  const once = async () => {
    const t0 = performance.now();
    const r = await conn.execute(ps, q.params ?? {});
    const rows = await r.getAll();
    const dt = performance.now() - t0;
    const cols = await r.getColumnNames();
    r.close();
    return { dt, cols, rows };
  };
  try {
    ps = await conn.prepare(q.cypher);
    if (!ps.isSuccess()) throw new Error(ps.getErrorMessage());
    let last = await once();
    const times = [];
    for (let i = 0; i < runs; i++) {
      last = await once();
      times.push(last.dt);
    }
    times.sort((a, b) => a - b);
    const n = times.length;
    res.median_ms = n % 2 ? times[(n - 1) / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
    res.min_ms = times[0];
    res.max_ms = times[n - 1];
    res.runs = n;
    res.columns = last.cols;
    res.rows = last.rows.map((row) => last.cols.map((c) => norm(row[c])));
    res.row_count = res.rows.length;
  } catch (e) {
    res.error = String(e && e.message ? e.message : e);
    if (/timeout|interrupted/i.test(res.error)) {
      res.timed_out = true;
      res.error = `timed out after ${timeoutMs} ms (skipped): ${res.error}`;
    }
  }
  return res;
}

const out = { engine: "kuzu", version: kuzu.VERSION, started: new Date().toISOString(), runs, loads: [], queries: [] };
const datasets = [...new Set(queries.map((q) => q.dataset))].filter((d) => !only || only.includes(d));
for (const name of datasets) {
  const { db, conn, ld } = await openDataset(name);
  conn.setQueryTimeout(timeoutMs);
  out.loads.push(ld);
  for (const q of queries.filter((q) => q.dataset === name && !loadOnly)) {
    const r = await runQuery(conn, q);
    console.error(`${q.id.padEnd(28)} ${r.median_ms.toFixed(3).padStart(10)} ms  rows=${r.row_count} ${r.error ?? ""}`);
    out.queries.push(r);
  }
  await conn.close();
  await db.close();
}
const text = JSON.stringify(out, null, 1) + "\n";
if (args.out) fs.writeFileSync(args.out, text);
else process.stdout.write(text);
