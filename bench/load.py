"""Load generator: the real stack as a club runs it, played by bots over HTTP and WebSockets.

    python bench/load.py --users 500 --games 500 --seconds 60 --servers 2 --rate 300

What it does (everything on 127.0.0.1, everything bounded; it stops by itself):
1. creates a fresh PostgreSQL database (`--database`, default stpete_load), migrates it and
   seeds `--users` members and `--games` running games of `--players` people (no bots);
2. starts `--servers` Daphne processes on free ports, one Celery worker and Celery beat, all
   on that database and on Redis (`--redis`, default redis://127.0.0.1:6379/5);
3. opens one WebSocket /ws/games/<id>/ per seat (members are split across the servers), and
   plays every game: the seat to act takes its legal moves from its last pushed payload (or
   GET /games/<id>/view when none came), picks one as the engine's random bot does, and POSTs
   it; moves are paced to `--rate` per second in all (0: as fast as the servers answer) with
   at most `--inflight` POSTs open at once;
4. after `--seconds`, stops the games and measures the framework's floor for `--floor-seconds`
   on the same servers, sockets still open: `--inflight` clients POST the cheapest signed-in
   request through the same stack (session, CSRF, one row written: the language switch,
   `POST /i18n/setlang/`) as fast as it is answered;
5. closes the sockets, stops the servers and runs `verify_games`;
6. prints the numbers (and one JSON line with all of them), among them moves/s as a fraction
   of that floor: absolute rates swing by 2x between runs and machines, the fraction far
   less. It is the saturation fraction when the moves were not paced (`--rate 0`).

The client runs on the same cores as the servers, so it stays cheap per move (below 1 ms of
CPU): a small keep-alive HTTP/1.1 client (bench/http11.py), pushes only timed and versioned by
their prefix, a seat's payload parsed only when it is about to move.

Commit→push is measured on one clock: the server's Action.created_at (written inside the
move's transaction) against the time each other seat's socket received that version.
"""

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import re
import resource
import secrets
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlparse

# The project's packages (bench.http11, games.rules, stpete_site.devserver), from this script.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.http11 import Pool
from games.rules.rng import SplitMix64
from stpete_site.devserver import ROOT, free_port, start_daphne, wait_for_port

MOVE_FIELDS = ("kind", "card", "displace", "until", "observatory", "pile", "points")
# Every pushed view starts so: its version is read without parsing the whole message.
VERSION_RE = re.compile(rb'^\{"type": "view", "version": (\d+)')
# A committed move's answer is the mover's payload (selectors.game_payload), which starts so:
# the game's new version, status and seats to act are read without parsing the view behind.
OUTCOME_RE = re.compile(
    rb'^\{"id": \d+, "version": (\d+), "status": "(\w+)", "seat": \d+, "to_act": \[([\d, ]*)\]'
)
PUSH_WAIT = 2  # seconds a seat waits for its push before it fetches the view instead
MAX_SECONDS = 900
MAX_GAMES = 2000
MAX_USERS = 5000


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--users", type=int, default=500)
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--players", type=int, default=4, choices=[2, 3, 4])
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--servers", type=int, default=2)
    p.add_argument("--rate", type=float, default=300, help="moves per second in all; 0: no pacing")
    p.add_argument("--inflight", type=int, default=64, help="most POSTs open at once")
    p.add_argument("--database", default="stpete_load")
    p.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432/postgres")
    p.add_argument("--redis", default="redis://127.0.0.1:6379/5")
    p.add_argument("--no-celery", action="store_true", help="no worker and beat (eager tasks)")
    p.add_argument("--log-dir", default=str(ROOT / "var" / "load"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--floor-seconds",
        type=float,
        default=10,
        help="seconds of the floor measurement after the games (0: none)",
    )
    args = p.parse_args(argv)
    if not 0 < args.seconds <= MAX_SECONDS:
        p.error(f"--seconds must be in (0, {MAX_SECONDS}]")
    if not 0 < args.games <= MAX_GAMES or not 0 < args.users <= MAX_USERS:
        p.error(f"at most {MAX_GAMES} games and {MAX_USERS} users")
    if args.users < args.players:
        p.error("need at least as many users as players per game")
    if not 1 <= args.servers <= 8:
        p.error("--servers must be 1..8")
    for url in (args.postgres, args.redis):
        if urlparse(url).hostname not in {"127.0.0.1", "localhost", "::1"}:
            p.error("only loopback targets are allowed")
    return args


# ------------------------------------------------------------------------ the stack


def raise_file_limit(wanted: int = 65536) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = min(wanted, hard) if hard != resource.RLIM_INFINITY else wanted
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def database_url(args) -> str:
    return urlparse(args.postgres)._replace(path=f"/{args.database}").geturl()


def stack_env(args) -> dict:
    return {
        **os.environ,
        "DATABASE_URL": database_url(args),
        "REDIS_URL": args.redis,
        "CHANNELS_PREFIX": "stpete-load",
        "CACHE_PREFIX": "stpete-load",
        "DEBUG": "false",
        "SECRET_KEY": "load-test-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_HSTS_SECONDS": "0",
        "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend",
        "CELERY_TASK_ALWAYS_EAGER": "true" if args.no_celery else "false",
        "LOG_LEVEL": "WARNING",
        "DATABASE_POOL": "8",
        "STATIC_ROOT": str(Path(args.log_dir) / "static"),
        "DJANGO_SETTINGS_MODULE": "stpete_site.settings",
        "PYTHONPATH": str(ROOT),
        # Bench members sit at many tables at once: one socket per seat.
        "SOCKETS_PER_MEMBER": str(max(20, 2 * args.games * args.players // args.users + 2)),
    }


def clear_redis(args) -> None:
    """Forget the groups, cache and queue entries of earlier runs (our prefix only)."""
    import redis

    client = redis.Redis.from_url(args.redis)
    for pattern in ("stpete-load*", "celery*", "_kombu*", "unacked*"):
        keys = list(client.scan_iter(pattern, count=1000))
        for start in range(0, len(keys), 500):
            client.delete(*keys[start : start + 500])
    client.close()


def prepare_database(args) -> None:
    import psycopg

    with psycopg.connect(args.postgres, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{args.database}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{args.database}"')
    env = stack_env(args)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


def seed(args) -> dict:
    env = stack_env(args)
    out = subprocess.run(
        [
            sys.executable,
            str(Path(__file__).resolve()),
            "_seed",
            json.dumps({"users": args.users, "games": args.games, "players": args.players}),
        ],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def seed_in_process(spec: dict) -> dict:
    """Runs inside the child started by seed(): Django set up on the load database."""
    import django

    django.setup()
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore
    from django.db import transaction

    from games import services

    User = get_user_model()
    users = []
    with transaction.atomic():
        for n in range(spec["users"]):
            user = User(username=f"load{n}", email="", display_name=f"Load {n}")
            user.set_unusable_password()
            users.append(user)
        User.objects.bulk_create(users)
    users = list(User.objects.filter(username__startswith="load").order_by("pk"))
    sessions = []
    for user in users:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        sessions.append(store.session_key)
    games = []
    players = spec["players"]
    for g in range(spec["games"]):
        table = [users[(g * players + k) % len(users)] for k in range(players)]
        if len({u.pk for u in table}) < players:  # wrap-around collision: shift
            table = [users[(g + k) % len(users)] for k in range(players)]
        game = services.game_create(
            host=table[0],
            title=f"Load {g}",
            edition="1st",
            seats=players,
            days_per_move=None,
            is_public=True,
        )
        for user in table[1:]:
            services.seat_join(game_id=game.pk, user=user)
        seats = {
            s.position: users.index(s.user) for s in game.seat_set.select_related("user").all()
        }
        games.append({"id": game.pk, "seats": seats})
    return {"sessions": sessions, "games": games}


def start_stack(args, log_dir: Path) -> tuple[list[int], list[subprocess.Popen]]:
    env = stack_env(args)
    log_dir.mkdir(parents=True, exist_ok=True)
    ports, procs = [], []
    for n in range(args.servers):
        port = free_port()
        ports.append(port)
        procs.append(start_daphne(port, env, log_dir / f"daphne-{n}.log"))
    if not args.no_celery:
        for name, extra in (
            ("worker", ["worker", "--pool=solo", "--without-gossip", "--without-mingle"]),
            ("beat", ["beat", "-s", str(log_dir / "beat-schedule")]),
        ):
            log = (log_dir / f"{name}.log").open("w")
            procs.append(
                subprocess.Popen(
                    [sys.executable, "-m", "celery", "-A", "stpete_site", *extra, "-l", "WARNING"],
                    cwd=ROOT,
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
    deadline = time.monotonic() + 60
    try:
        for port in ports:
            wait_for_port(port, deadline - time.monotonic())
    except RuntimeError:
        stop_stack(procs)
        raise
    return ports, procs


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (0 if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_pids(args) -> list[int]:
    import psycopg

    with psycopg.connect(args.postgres) as conn:
        rows = conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s", (args.database,)
        ).fetchall()
    return [pid for (pid,) in rows]


def cpu_snapshot(args, procs: list[subprocess.Popen]) -> dict[str, float]:
    """CPU seconds used so far by each part of the stack (PostgreSQL: our database's backends)."""
    names = ["web"] * args.servers + ([] if args.no_celery else ["worker", "beat"])
    out: dict[str, float] = {}
    for name, proc in zip(names, procs, strict=False):
        out[name] = out.get(name, 0.0) + cpu_seconds(proc.pid)
    out["postgres"] = sum(cpu_seconds(pid) for pid in postgres_pids(args))
    times = os.times()
    out["load_client"] = times.user + times.system
    return out


def stop_stack(procs: list[subprocess.Popen]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.terminate()
    for proc in procs:
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def verify(args) -> tuple[bool, str]:
    done = subprocess.run(
        [sys.executable, "manage.py", "verify_games"],
        cwd=ROOT,
        env=stack_env(args),
        capture_output=True,
        text=True,
        timeout=600,
    )
    text = (done.stdout + done.stderr).strip().splitlines()
    return done.returncode == 0, text[-1] if text else ""


def commit_times(args) -> dict[tuple[int, int], float]:
    import psycopg

    with psycopg.connect(database_url(args)) as conn:
        rows = conn.execute(
            "SELECT game_id, seq, extract(epoch from created_at) FROM games_action"
        ).fetchall()
    return {(g, s): float(t) for g, s, t in rows}


# ------------------------------------------------------------------------ the players


def percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def choose(moves: list[dict], seed: int) -> dict:
    """The engine's random bot, over the moves the view lists (prices stripped)."""
    move = moves[SplitMix64(seed).below(len(moves))]
    return {k: v for k, v in move.items() if k in MOVE_FIELDS and v is not None}


def json_object(body: bytes) -> dict | None:
    """The JSON object in an answer's body, or None when it is not one."""
    try:
        data = json.loads(body)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def move_outcome(body: bytes) -> tuple[int, str, list[int]] | None:
    """`(version, status, to_act)` from a committed move's answer: by its prefix, else parsed."""
    match = OUTCOME_RE.match(body)
    if match is not None:
        version, status, to_act = match.groups()
        return int(version), status.decode(), [int(seat) for seat in to_act.split(b",") if seat]
    data = json_object(body)
    try:
        return data["version"], data["status"], data["to_act"]
    except (TypeError, KeyError):
        return None


class Pacer:
    """At most `rate` starts per second in all (0: no pacing)."""

    def __init__(self, rate: float) -> None:
        self.interval = 1 / rate if rate > 0 else 0.0
        self.next = time.monotonic()

    async def wait(self) -> None:
        # No await between reading and advancing `next`: one task at a time takes a slot.
        if not self.interval:
            return
        now = time.monotonic()
        self.next = max(self.next + self.interval, now)
        delay = self.next - now
        if delay > 0:
            await asyncio.sleep(delay)


class Load:
    """The bots: one socket per seat, one driver per game, and what they measured.

    The client shares the machine with the servers, so its hot paths stay cheap: a push is
    only timed, versioned (by its prefix) and kept as bytes; it is parsed when its seat is
    about to move.
    """

    def __init__(self, args, seeded: dict, ports: list[int], procs) -> None:
        self.args = args
        self.procs = procs
        self.sessions = seeded["sessions"]
        self.games = seeded["games"]
        self.ports = ports
        self.errors: Counter = Counter()
        self.post_ms: list[float] = []
        self.committed = 0
        self.finished_games = 0
        self.pushes: dict[tuple[int, int, int], float] = {}  # (game, version, seat) -> time
        self.movers: dict[tuple[int, int], int] = {}  # (game, version) -> seat that moved
        self.latest: dict[tuple[int, int], tuple[int, bytes]] = {}  # (game, seat) -> last push
        self.waiting: dict[tuple[int, int], tuple[int, asyncio.Future]] = {}  # seat's wanted push
        self.sockets_open = 0
        self.sockets_max = 0
        self.floor_done, self.floor_elapsed = 0, 0.0
        self.stop = asyncio.Event()
        self.pacer = Pacer(args.rate)
        self.inflight = asyncio.Semaphore(args.inflight)
        self.pools: dict[int, Pool] = {}
        csrf = secrets.token_hex(16)  # 32 characters: a valid unmasked CSRF secret
        self.auth = [
            f"Cookie: sessionid={session}; csrftoken={csrf}\r\nX-CSRFToken: {csrf}\r\n".encode()
            for session in self.sessions
        ]
        # Unique per POST, as a real client's retry key would be; a counter costs next to nothing.
        run = secrets.token_hex(4)
        self.client_ids = (f"{run}-{n}" for n in itertools.count())

    def port_of(self, user_index: int) -> int:
        return self.ports[user_index % len(self.ports)]

    async def run(self) -> float:
        for port in self.ports:
            self.pools[port] = Pool(port, size=self.args.inflight + 16, timeout=30)
        try:
            sockets = [
                (game["id"], int(seat), user)
                for game in self.games
                for seat, user in game["seats"].items()
            ]
            opener = asyncio.Semaphore(100)
            ready = [asyncio.Event() for _ in sockets]
            listeners = [
                asyncio.create_task(self.listen(g, s, u, opener, ready[n]))
                for n, (g, s, u) in enumerate(sockets)
            ]
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*(e.wait() for e in ready)), timeout=120)
            self.sockets_after_open = self.sockets_open
            gate = asyncio.Semaphore(8)  # the first fetches, not all at once
            starts = await asyncio.gather(*(self.prepare(game, gate) for game in self.games))
            self.cpu_before = cpu_snapshot(self.args, self.procs)
            began = time.monotonic()
            self.pacer.next = began
            drivers = [
                asyncio.create_task(self.drive(game, start))
                for game, start in zip(self.games, starts, strict=True)
            ]
            await asyncio.sleep(self.args.seconds)
            self.stop.set()
            elapsed = time.monotonic() - began
            self.cpu_after = cpu_snapshot(self.args, self.procs)
            await asyncio.wait(drivers, timeout=30)
            await asyncio.sleep(1)  # the last pushes
            if self.args.floor_seconds > 0:
                self.floor_done, self.floor_elapsed = await self.floor(self.args.floor_seconds)
            for task in listeners:
                task.cancel()
            await asyncio.gather(*listeners, return_exceptions=True)
            return elapsed
        finally:
            for pool in self.pools.values():
                pool.close()

    async def floor(self, seconds: float) -> tuple[int, float]:
        """The framework's floor: `(answered, elapsed)` of the cheapest signed-in request that
        writes (session, CSRF, the language switch's one UPDATE), `--inflight` clients POSTing
        it back to back on the same servers for `seconds`."""
        answered = 0
        body = b"language=en&next=/"
        form = "application/x-www-form-urlencoded"
        began = time.monotonic()
        until = began + seconds

        async def client(n: int) -> None:
            nonlocal answered
            user = n % len(self.sessions)
            while time.monotonic() < until:
                user = (user + self.args.inflight) % len(self.sessions)
                pool = self.pools[self.port_of(user)]
                try:
                    status, _ = await pool.request(
                        "POST", "/i18n/setlang/", self.auth[user], body, content_type=form
                    )
                except Exception as exc:
                    self.errors[f"floor_{type(exc).__name__}"] += 1
                    continue
                if status == 302:
                    answered += 1
                else:
                    self.errors[f"floor_{status}"] += 1

        await asyncio.gather(*(client(n) for n in range(self.args.inflight)))
        return answered, time.monotonic() - began

    async def listen(self, game_id, seat, user, opener, ready: asyncio.Event) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosedOK

        port = self.port_of(user)
        headers = {
            "Cookie": f"sessionid={self.sessions[user]}",
            "Origin": f"http://127.0.0.1:{port}",
        }
        try:
            async with opener:
                ws = await connect(
                    f"ws://127.0.0.1:{port}/ws/games/{game_id}/",
                    additional_headers=headers,
                    max_size=2**22,
                    open_timeout=60,
                    ping_interval=None,
                    compression=None,
                )
            self.sockets_open += 1
            self.sockets_max = max(self.sockets_max, self.sockets_open)
            ready.set()
            try:
                while True:
                    self.note_push(game_id, seat, await ws.recv(decode=False))
            except ConnectionClosedOK:
                if not self.stop.is_set():
                    self.errors[f"ws_closed_{ws.close_code}"] += 1
            finally:
                self.sockets_open -= 1
                with contextlib.suppress(Exception):
                    await ws.close()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self.errors[f"ws_{type(exc).__name__}"] += 1
            ready.set()

    def note_push(self, game_id: int, seat: int, message: bytes) -> None:
        """Time and version of a pushed view; the bytes are kept, unparsed, for the seat's turn."""
        now = time.time()
        match = VERSION_RE.match(message)
        if match is None:
            self.errors["ws_unexpected_message"] += 1
            return
        version = int(match[1])
        self.pushes[(game_id, version, seat)] = now
        key = (game_id, seat)
        self.latest[key] = (version, message)
        waiter = self.waiting.get(key)
        if waiter is not None and version >= waiter[0] and not waiter[1].done():
            waiter[1].set_result(None)

    async def fetch(self, game_id: int, user: int) -> dict | None:
        """The seat's view by GET, or None (the error counted)."""
        pool = self.pools[self.port_of(user)]
        try:
            status, body = await pool.request("GET", f"/games/{game_id}/view", self.auth[user])
        except Exception as exc:
            self.errors[f"get_{type(exc).__name__}"] += 1
            return None
        if status != 200:
            self.errors[f"get_{status}"] += 1
            return None
        data = json_object(body)
        if data is None:
            self.errors["get_not_json"] += 1
        return data

    async def post_move(self, game_id: int, user: int, move: dict, version: int):
        """`(status, (version, game status, to_act))` of the move's POST; the outcome is None
        unless the move was committed, and status 0 when no answer came (errors counted)."""
        body = json.dumps(
            {"move": move, "expected_version": version, "client_id": next(self.client_ids)}
        ).encode()
        pool = self.pools[self.port_of(user)]
        async with self.inflight:
            t0 = time.perf_counter()
            try:
                status, answer = await pool.request(
                    "POST", f"/games/{game_id}/moves", self.auth[user], body
                )
            except Exception as exc:
                self.errors[f"post_{type(exc).__name__}"] += 1
                return 0, None
            elapsed = (time.perf_counter() - t0) * 1000
        outcome = move_outcome(answer) if status == 200 else None
        if outcome is not None:
            self.post_ms.append(elapsed)
            self.committed += 1
        else:
            data = json_object(answer)
            code = data.get("code") if data is not None else "not_json"
            self.errors[f"post_{status}_{code}"] += 1
        return status, outcome

    async def payload_for(self, game_id: int, user: int, seat: int, version: int) -> dict | None:
        """The seat's payload at `version`: from its socket, or fetched if none came in time."""
        key = (game_id, seat)
        latest = self.latest.get(key)
        if latest is None or latest[0] < version:
            latest = await self.next_push(key, version)
        if latest is not None:
            return json.loads(latest[1])["payload"]
        self.errors["push_missing_fetched"] += 1
        return await self.fetch(game_id, user)

    async def next_push(self, key: tuple[int, int], version: int) -> tuple[int, bytes] | None:
        """The seat's push of `version` or later, if it arrives within PUSH_WAIT seconds."""
        arrived = asyncio.get_running_loop().create_future()
        self.waiting[key] = (version, arrived)
        try:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(PUSH_WAIT):
                    await arrived
        finally:
            del self.waiting[key]
        latest = self.latest.get(key)
        return latest if latest is not None and latest[0] >= version else None

    async def prepare(self, game, gate: asyncio.Semaphore) -> tuple[int, list[int]] | None:
        """Before the clock starts: the game's version, who acts, and the mover's payload."""
        async with gate:
            payload = await self.fetch(game["id"], game["seats"]["0"])
            if payload is None:
                return None
            version, to_act = payload["version"], payload["to_act"]
            if to_act:  # the first mover's own payload: nobody waits for a push that never comes
                key = (game["id"], to_act[0])
                fresh = await self.fetch(game["id"], game["seats"][str(to_act[0])])
                if fresh is not None and key not in self.latest:
                    message = json.dumps({"type": "view", "payload": fresh}).encode()
                    self.latest[key] = (fresh["version"], message)
            return version, to_act

    async def drive(self, game, start: tuple[int, list[int]] | None) -> None:
        """Play one game until the clock stops, it ends, or 20 turns in a row fail."""
        if start is None:
            return
        rng = random.Random(self.args.seed * 100003 + game["id"])
        game_id = game["id"]
        users = {int(seat): user for seat, user in game["seats"].items()}
        version, to_act = start
        failures = 0
        while not self.stop.is_set() and to_act and failures < 20:
            seat = to_act[0]
            user = users[seat]
            mine = await self.payload_for(game_id, user, seat, version)
            if mine is None or mine["version"] != version:
                failures += 1
                version, to_act = await self.refresh(game_id, user, version, to_act)
                continue
            moves = mine["view"].get("moves") or []
            if not moves:
                self.errors["no_moves"] += 1
                failures += 1
                await asyncio.sleep(0.1)
                continue
            move = choose(moves, rng.getrandbits(63))
            await self.pacer.wait()
            if self.stop.is_set():
                break
            status, outcome = await self.post_move(game_id, user, move, version)
            if status == 0:
                failures += 1
            elif outcome is None:
                failures += 1
                version, to_act = await self.refresh(game_id, user, version, to_act)
            else:
                version, game_status, to_act = outcome
                self.movers[(game_id, version)] = seat
                if game_status != "running":
                    self.finished_games += 1
                    return
                failures = 0

    async def refresh(self, game_id: int, user: int, version: int, to_act: list[int]):
        """`(version, to_act)` as the server has them now (unchanged if the fetch fails)."""
        fresh = await self.fetch(game_id, user)
        if fresh:
            return fresh["version"], fresh["to_act"]
        return version, to_act

    def push_latencies(self, commits: dict[tuple[int, int], float]) -> list[float]:
        out = []
        for (game_id, version, seat), received in self.pushes.items():
            mover = self.movers.get((game_id, version))
            committed = commits.get((game_id, version))
            if mover is None or committed is None or seat == mover:
                continue
            out.append((received - committed) * 1000)
        return out


def main(argv=None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv and argv[0] == "_seed":
        print(json.dumps(seed_in_process(json.loads(argv[1]))))
        return 0
    args = parse_args(argv)
    limit = raise_file_limit()
    log_dir = Path(args.log_dir)
    t0 = time.monotonic()
    clear_redis(args)
    prepare_database(args)
    seeded = seed(args)
    print(f"seeded {args.users} users, {args.games} games in {time.monotonic() - t0:.1f}s")
    ports, procs = start_stack(args, log_dir)
    try:
        load = Load(args, seeded, ports, procs)
        elapsed = asyncio.run(load.run())
    finally:
        stop_stack(procs)
    ok, verdict = verify(args)
    pushes = load.push_latencies(commit_times(args))
    moves = max(1, load.committed)
    floor_rate = load.floor_done / load.floor_elapsed if load.floor_elapsed else None
    result = {
        "servers": args.servers,
        "users": args.users,
        "games": args.games,
        "players": args.players,
        "seconds": round(elapsed, 1),
        "rate_target": args.rate,
        "committed_moves": load.committed,
        "moves_per_sec": round(load.committed / elapsed, 1),
        "post_ms_p50": percentile(load.post_ms, 50),
        "post_ms_p95": percentile(load.post_ms, 95),
        "post_ms_p99": percentile(load.post_ms, 99),
        "push_ms_p50": percentile(pushes, 50),
        "push_ms_p95": percentile(pushes, 95),
        "pushes_measured": len(pushes),
        "sockets_held": load.sockets_after_open,
        "sockets_max": load.sockets_max,
        "finished_games": load.finished_games,
        "errors": dict(load.errors),
        "cpu_ms_per_move": {
            name: round((load.cpu_after[name] - load.cpu_before.get(name, 0.0)) * 1000 / moves, 1)
            for name in load.cpu_after
        },
        "floor_per_sec": floor_rate,
        "moves_to_floor": round(load.committed / elapsed / floor_rate, 3) if floor_rate else None,
        "verify_games_ok": ok,
        "verify_games": verdict,
        "file_limit": limit,
    }
    for key, value in result.items():
        if isinstance(value, float) and key != "moves_to_floor":
            result[key] = round(value, 1)
    print(
        f"committed {result['committed_moves']} moves in {result['seconds']} s: "
        f"{result['moves_per_sec']} moves/s\n"
        f"POST -> response ms: p50 {result['post_ms_p50']}, p95 {result['post_ms_p95']}, "
        f"p99 {result['post_ms_p99']}\n"
        f"commit -> push at every other seat ms: p50 {result['push_ms_p50']}, "
        f"p95 {result['push_ms_p95']} ({result['pushes_measured']} pushes)\n"
        f"sockets held: {result['sockets_held']} (max {result['sockets_max']})\n"
        f"errors: {result['errors'] or 'none'}\n"
        f"CPU ms per committed move: {result['cpu_ms_per_move']}\n"
        f"floor (signed-in POST writing one row): {result['floor_per_sec']} requests/s; "
        f"moves/s {'at saturation ' if not args.rate else ''}as a fraction of it: "
        f"{result['moves_to_floor']}\n"
        f"verify_games: {verdict}"
    )
    print(json.dumps(result))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
