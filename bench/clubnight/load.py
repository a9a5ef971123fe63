"""The load generator. Closed loop (``run_load``): ``--connections`` connections, threads in
several processes so that the generator is not the limit, each sending again as soon as it is
answered, for a given time; what each measured, merged into a ``Phase``. Open loop (``paced``):
every table's entries fall due at random at a given rate in all, whatever the answers."""

from __future__ import annotations

import dataclasses
import multiprocessing
import random
import threading
import time
from typing import Any

from .client import Conn, Csrf, accepted, record_raw, snippet
from .servers import Server, db_cpu, db_delta, gunicorn_cpu, machine_idle


@dataclasses.dataclass
class Job:
    """One connection's work: GET ``requests`` round and round (expecting ``expect``), or POST
    the queued entries of its ``tables``, one table after another in turn, each in order."""

    requests: list[bytes] = dataclasses.field(default_factory=list)
    expect: int = 200
    tables: list[list[bytes]] = dataclasses.field(default_factory=list)
    table_ids: list[int] = dataclasses.field(default_factory=list)


def _connection(port: int, job: Job, start: float, end: float) -> dict[str, Any]:
    conn = Conn(port)
    times: list[float] = []
    ok = bad = errors = 0
    sample = ""
    posted: dict[int, int] = {}
    queues = [list(reversed(t)) for t in job.tables]
    while time.time() < start:
        time.sleep(0.001)
    turn = 0
    ran_out = None
    while time.time() < end and errors < 20:
        if job.tables:
            live = [i for i, q in enumerate(queues) if q]
            if not live:
                ran_out = time.time()
                break
            index = live[turn % len(live)]
            turn += 1
            raw = queues[index].pop()
        else:
            raw = job.requests[turn % len(job.requests)]
            turn += 1
        t0 = time.perf_counter()
        try:
            response = conn.request(raw)
        except OSError as exc:
            errors += 1
            sample = sample or f"{type(exc).__name__}: {exc}"
            conn.close()
            continue
        times.append(time.perf_counter() - t0)
        good = accepted(response) if job.tables else response.status == job.expect
        if good:
            ok += 1
            if job.tables:
                posted[job.table_ids[index]] = posted.get(job.table_ids[index], 0) + 1
        else:
            bad += 1
            if not sample:
                sample = f"status {response.status}: " + snippet(response.body)
    conn.close()
    return {
        "times": times,
        "ok": ok,
        "bad": bad,
        "errors": errors,
        "sample": sample,
        "posted": posted,
        "last": time.time(),
        "ran_out": ran_out,
    }


def _process(port: int, jobs: list[Job], start: float, end: float, out: Any) -> None:
    results: list[dict[str, Any]] = [{} for _ in jobs]

    def run(i: int) -> None:
        results[i] = _connection(port, jobs[i], start, end)

    cpu = time.process_time()
    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    results[0]["client_cpu"] = time.process_time() - cpu  # the process's, all its threads
    out.put(results)


@dataclasses.dataclass
class Phase:
    requests: int
    bad: int
    errors: int
    seconds: float
    times: list[float]
    cpu: float  # seconds of gunicorn CPU
    db_cpu: float  # seconds of PostgreSQL backend CPU
    sample: str
    posted: dict[int, int]
    ran_out: int  # connections that ran out of entries before the end
    client_cpu: float  # seconds of the load generator's CPU
    idle: float  # share of the machine's CPU time left idle during the run

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds > 0 else 0.0

    def pct(self, p: float) -> float:
        if not self.times:
            return float("nan")
        ordered = sorted(self.times)
        return ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000

    @property
    def cpu_ms(self) -> float:
        return self.cpu * 1000 / self.requests if self.requests else float("nan")

    @property
    def client_ms(self) -> float:
        return self.client_cpu * 1000 / self.requests if self.requests else float("nan")

    @property
    def db_ms(self) -> float:
        return self.db_cpu * 1000 / self.requests if self.requests else float("nan")


def run_load(server: Server, jobs: list[Job], seconds: float, processes: int) -> Phase:
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()
    groups = [jobs[i::processes] for i in range(processes)]
    groups = [g for g in groups if g]
    start = time.time() + 0.3
    end = start + seconds
    procs = [ctx.Process(target=_process, args=(server.port, g, start, end, queue)) for g in groups]
    for p in procs:
        p.start()
    while time.time() < start:
        time.sleep(0.0005)
    cpu0, db0, idle0 = gunicorn_cpu(server), db_cpu(server.db), machine_idle()
    results = [r for _ in procs for r in queue.get(timeout=seconds + 300)]
    idle1 = machine_idle()
    for p in procs:
        p.join()
    cpu1, db1 = gunicorn_cpu(server), db_cpu(server.db)
    last = max((r["last"] for r in results), default=start)
    posted: dict[int, int] = {}
    for r in results:
        for k, v in r["posted"].items():
            posted[k] = posted.get(k, 0) + v
    return Phase(
        requests=sum(r["ok"] for r in results),
        bad=sum(r["bad"] for r in results),
        errors=sum(r["errors"] for r in results),
        seconds=last - start,
        times=[t for r in results for t in r["times"]],
        cpu=cpu1 - cpu0,
        db_cpu=db_delta(db0, db1),
        sample=next((r["sample"] for r in results if r["sample"]), ""),
        posted=posted,
        ran_out=sum(1 for r in results if r["ran_out"]),
        client_cpu=sum(r.get("client_cpu", 0.0) for r in results),
        idle=(idle1[0] - idle0[0]) / max(1, idle1[1] - idle0[1]),
    )


def merge(phases: list[Phase]) -> Phase:
    """Several runs of the same measurement as one."""
    posted: dict[int, int] = {}
    for ph in phases:
        for k, v in ph.posted.items():
            posted[k] = posted.get(k, 0) + v
    seconds = sum(ph.seconds for ph in phases)
    return Phase(
        requests=sum(ph.requests for ph in phases),
        bad=sum(ph.bad for ph in phases),
        errors=sum(ph.errors for ph in phases),
        seconds=seconds,
        times=[t for ph in phases for t in ph.times],
        cpu=sum(ph.cpu for ph in phases),
        db_cpu=sum(ph.db_cpu for ph in phases),
        sample=next((ph.sample for ph in phases if ph.sample), ""),
        posted=posted,
        ran_out=max(ph.ran_out for ph in phases),
        client_cpu=sum(ph.client_cpu for ph in phases),
        idle=sum(ph.idle * ph.seconds for ph in phases) / seconds if seconds else 0.0,
    )


def post_jobs(
    plan_tables: list[dict[str, Any]], connections: int, csrf: Csrf, skip: dict[int, int]
) -> tuple[list[Job], int]:
    """Each connection owns whole tables (balanced by entries left) and posts their entries."""
    tables = sorted(plan_tables, key=lambda t: -(len(t["posts"]) - skip.get(t["game_id"], 0)))
    jobs = [Job() for _ in range(connections)]
    load = [0] * connections
    total = 0
    for t in tables:
        posts = t["posts"][skip.get(t["game_id"], 0) :]
        if not posts:
            continue
        i = load.index(min(load))
        raws = [record_raw(t, kind, fields, csrf) for kind, fields in posts]
        jobs[i].tables.append(raws)
        jobs[i].table_ids.append(t["game_id"])
        load[i] += len(raws)
        total += len(raws)
    return [j for j in jobs if j.tables], total


def paced(
    port: int, jobs: list[Job], rate: float, seconds: float
) -> tuple[list[float], int, int, dict[int, int]]:
    """Open-loop load: every table (each of ``jobs``' tables) has its entries fall due at random
    (exponential gaps, so ``rate`` entries a second in all on average, arriving independently as
    phones do), whatever the other tables' answers. Each table's share of the rate is its share
    of the entries left to post, so that none runs out long before the others. A table sends
    an entry when it falls due, or when the answer to its previous one comes if that is later;
    its latency is counted from when it fell due, so a slow answer also counts in the wait of
    the entry behind it.
    Returns the latencies, entries accepted and refused, and {game id: entries accepted}."""
    tables = [
        (raws, gid) for job in jobs for raws, gid in zip(job.tables, job.table_ids, strict=True)
    ]
    left = max(1, sum(len(raws) for raws, _ in tables))
    lock = threading.Lock()
    times: list[float] = []
    counts = {"ok": 0, "bad": 0}
    posted: dict[int, int] = {}
    end = time.monotonic() + seconds

    def table(raws: list[bytes], gid: int, seed: int) -> None:
        rnd, conn = random.Random(seed), Conn(port)
        due, per_table = time.monotonic(), rate * len(raws) / left
        for raw in raws:
            due += rnd.expovariate(per_table)
            if due >= end:
                break
            if (wait := due - time.monotonic()) > 0:
                time.sleep(wait)
            response = conn.request(raw)
            took = time.monotonic() - due
            with lock:
                times.append(took)
                good = accepted(response)
                counts["ok" if good else "bad"] += 1
                if good:
                    posted[gid] = posted.get(gid, 0) + 1
        conn.close()

    threads = [
        threading.Thread(target=table, args=(raws, gid, i)) for i, (raws, gid) in enumerate(tables)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return times, counts["ok"], counts["bad"], posted
