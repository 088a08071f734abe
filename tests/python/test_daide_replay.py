#!/usr/bin/env python3
"""Conformance of a DAIDE server: replays the conversations recorded by the `diplomacy`
package (PyPI) between bots and its own DAIDE server (diplomacy/daide/tests/*.csv).

For each recording a fresh server is started (entente's `serve --daide`, or with
--python-server the package's own server, run as its harness test_daide_game.py runs it),
every recorded client gets one TCP connection (IM sent, RM read), its requests are sent as
DMs in the recorded order, and before each request of a client the messages recorded for that
client since its previous request are read and compared with the recording as a multiset,
after `normalise` (the only place where anything is forgiven). At the end the remaining
messages of every client are read too. Every difference is printed.

Recording lines: `client,request` or `client,,response[,response...]`; `#` starts a comment.

Usage: test_daide_replay.py --entente PATH [--only NAME] | --python-server
Ends with the line "daide replay: K passed, F failed"; exit code 1 if any failed.
"""
import argparse
import collections
import logging
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

import diplomacy
from diplomacy.daide.utils import bytes_to_str, str_to_bytes

# (file, bots, Austria kept for a human who never comes, press level or None)
RECORDINGS = [
    ("game_data_1_reject_map.csv", 1, True, None),
    ("game_data_1.csv", 1, True, None),
    ("game_data_1_history.csv", 1, True, None),
    ("game_data_7.csv", 7, False, None),
    ("game_data_7_draw.csv", 7, False, None),
    ("game_data_7_press.csv", 7, False, 30),
]
GROUP_TIMEOUT = 10.0     # seconds to receive one group of expected messages
GRACE = 1.0              # seconds to wait for more once the group can only differ
MAX_DIFFERENCES = 40     # a recording is abandoned after this many differences
MAX_TIMEOUTS = 3         # ... or this many groups that did not fully arrive
IM, RM, DM, FM, EM = 0, 1, 2, 3, 4


# ---------------------------------------------------------------- normalisation
def parse(tokens):
    """Token list -> nested lists, one per parenthesised group."""
    stack = [[]]
    for t in tokens:
        if t == "(":
            stack.append([])
        elif t == ")":
            if len(stack) == 1:
                raise ValueError("unbalanced")
            group = stack.pop()
            stack[-1].append(group)
        else:
            stack[-1].append(t)
    if len(stack) != 1:
        raise ValueError("unbalanced")
    return stack[0]


def unparse(tree):
    return " ".join("( %s )" % unparse(x) if isinstance(x, list) else x for x in tree)


def deep_sorted(tree):
    """Every list sorted, atoms before groups (so `( VIE ( AMY ... ) )` keeps its look)."""
    return sorted((deep_sorted(x) if isinstance(x, list) else x for x in tree),
                  key=lambda x: (True, unparse(x)) if isinstance(x, list) else (False, x))


def normalise(text):
    """The form in which a message is compared; applied to the recorded and received text.

    Only what the protocol leaves free is forgotten:
    - HLO: the passcode (the number after the power) is the server's choice.
    - ORD: the result is SUC or FAIL: the package answers NSO for every failure, while the
      protocol has distinct results (BNC, CUT, DSR, NSO, any of them or SUC followed by RET).
      The order of a convoyed army is `( unit ) CTO *`: the package echoes it as
      `( unit ) MTO VIA` (its bug), the protocol as `( unit ) CTO prov VIA ( seas )`.
      The power of a supported or convoyed unit is `*`: the package writes the ordering
      power there (its bug: `SUP ( RUS AMY WAR )` comes back as `SUP ( ENG AMY WAR )`).
    - THX: the note is MBV or REJECTED: the package answers NYU for every refused order, the
      protocol has distinct notes (FAR, NSU, NVR, NRS, ...).
    - MIS listing dislodged units (`MRT`): compared as bare MIS; the package keeps listing a
      unit whose retreat it accepted.
    - NOW, SCO: the order of the units and of the power groups, and of the provinces in a
      power's group of SCO, is free. MDF: the order inside every list is free.
    - SMR: only the turn and, per power, its centres and its elimination year count;
      the players' names and versions are free (the package writes `dummy` and `user`).
    """
    try:
        tree = parse(text.split(" "))
    except ValueError:
        return text
    head = tree[0] if tree else ""
    if head == "HLO" and len(tree) >= 3 and isinstance(tree[2], list):
        tree[2] = ["#passcode"]
    elif head == "ORD" and len(tree) == 4:
        tree[3] = ["SUC"] if tree[3] == ["SUC"] else ["FAIL"]
        order = tree[2]
        if len(order) >= 2 and (order[1] == "CTO" or order[1:] == ["MTO", "VIA"]):
            tree[2] = [order[0], "CTO", "*"]
        elif len(order) >= 3 and order[1] in ("SUP", "CVY") and isinstance(order[2], list):
            order[2] = ["*"] + order[2][1:]
    elif head == "MIS" and any(isinstance(g, list) and "MRT" in g for g in tree[1:]):
        # The package goes on listing a dislodged unit as missing after its retreat was
        # accepted (its bug): in a retreat phase, MIS is compared as bare MIS.
        tree = ["MIS"]
    elif head == "THX" and len(tree) == 3:
        tree[2] = ["MBV"] if tree[2] == ["MBV"] else ["REJECTED"]
    elif head == "NOW":
        # The retreat options (MRT) are compared apart (mrt_differences): the package lists
        # spaces the unit may not retreat to (occupied ones: it refuses them later).
        units = [g[:4] + [["*"]] if isinstance(g, list) and len(g) == 5 and g[3] == "MRT" else g
                 for g in tree[2:]]
        tree = tree[:2] + sorted(units, key=unparse)
    elif head == "SCO":
        groups = [g[:1] + sorted(g[1:]) if isinstance(g, list) else g for g in tree[1:]]
        tree = [head] + sorted(groups, key=lambda g: unparse(g) if isinstance(g, list) else g)
    elif head == "MDF":
        tree = [head] + [deep_sorted(g) if isinstance(g, list) else g for g in tree[1:]]
    elif head == "SMR":
        powers = [[g[0]] + [x for x in g[1:] if not isinstance(x, list)]
                  for g in tree[2:] if isinstance(g, list) and g]
        # The package counts a power as eliminated in the first turn where all its units are
        # dislodged, even when they retreat: a power with no centre left whose "elimination"
        # is in the final turn's year may still have a unit on the board. Its year is not
        # compared.
        year = tree[1][1] if isinstance(tree[1], list) and len(tree[1]) > 1 else None
        powers = [p[:2] if len(p) == 3 and p[1] == "#0" and p[2] == year else p for p in powers]
        tree = tree[:2] + sorted(powers, key=unparse)
    return unparse(tree)


def package_omits(text, expected_heads, power):
    """Whether a received message is one the protocol has and the package does not send, so
    that the recordings cannot contain it (each a deviation of the package):
    - ORD of another power's order: the package sends each power only its own orders' ORD;
      the protocol sends every order's result to everyone.
    - At the end of the game (the group where SMR is expected): SLO (a solo) and DRW (a draw
      declared), which the package never sends."""
    words = text.split(" ")
    head = words[0] if words else ""
    if head == "ORD" and power:
        try:
            tree = parse(words)
            unit = tree[2][0]
            if isinstance(unit, list) and unit and unit[0] != power:
                return True
        except (ValueError, IndexError, TypeError):
            return False
    if "SMR" in expected_heads and head in ("SLO", "DRW"):
        return True
    return False


def mrt_differences(expected_text, received_text):
    """The retreat options of a received NOW must be among those recorded: the package lists
    every space next to the dislodged unit's (occupied ones too), the protocol only those it may
    retreat to. Returns the units whose options are not a subset."""
    def options(text):
        out = {}
        for g in parse(text.split(" "))[2:]:
            if isinstance(g, list) and len(g) == 5 and g[3] == "MRT":
                out[unparse(g[:3])] = {unparse(x) if isinstance(x, list) else x for x in g[4]}
        return out
    exp, got = options(expected_text), options(received_text)
    return [u for u in got if not got[u] <= exp.get(u, set())]


def repeated_retreats(norms, accepted):
    """A retreat order sent again after it was accepted: the package refuses it (NYU), the
    protocol takes a new order for a unit in place of the old one (MBV). Its THX is compared
    as REPEATED."""
    out = []
    for n in norms:
        w = n.split(" ")
        if w[0] == "THX":
            tree = parse(w)
            if unparse(tree[1]) in accepted:
                tree[2] = ["REPEATED"]
                n = unparse(tree)
        out.append(n)
    return out


def refused_yet_carried_out(records):
    """The package sometimes answers THX NYU to an order and then carries it out (its ORD for
    the turn lists it: a retreat, a build). Such a recorded THX is taken as MBV, what the
    order's fate shows it was. Rewrites the records in place."""
    pending = collections.defaultdict(list)   # client -> [(record, response, order)]
    for i, (_, cid, request, responses) in enumerate(records):
        if request is not None:
            continue
        for j, r in enumerate(responses):
            w = r.split(" ")
            try:
                if w[0] == "NOW":
                    pending[cid] = []
                elif w[0] == "THX" and not r.endswith("( MBV )"):
                    pending[cid].append((i, j, unparse(parse(w)[1])))
                elif w[0] == "ORD":
                    order = unparse(parse(w)[2])
                    for a, b, o in pending[cid]:
                        if o == order:
                            records[a][3][b] = "THX ( %s ) ( MBV )" % o
            except (ValueError, IndexError):
                continue


def support_of_failed_move(texts):
    """Group context for ORD: the package reports a support to move as failed when the move it
    supports fails (a bounce), where the protocol's SUC says the support itself was given and
    not cut. So a SUP ... MTO whose supported unit's own move in the same group failed is
    compared as FAIL. Returns the normalised texts."""
    out = [normalise(t) for t in texts]
    failed = set()
    for n in out:
        w = n.split(" ")
        if w[:1] == ["ORD"]:
            try:
                tree = parse(w)
            except ValueError:
                continue
            order, result = tree[2], tree[3]
            if len(order) >= 2 and order[1] in ("MTO", "CTO") and result == ["FAIL"]:
                failed.add(unparse(order[0][1:]))   # the unit without its power
    fixed = []
    for n in out:
        w = n.split(" ")
        if w[:1] == ["ORD"]:
            tree = parse(w)
            order = tree[2]
            if (len(order) >= 5 and order[1] == "SUP" and order[3] == "MTO"
                    and isinstance(order[2], list) and unparse(order[2][1:]) in failed):
                tree[3] = ["FAIL"]
                n = unparse(tree)
        fixed.append(n)
    return fixed


# ---------------------------------------------------------------- recordings and wire
def recordings_dir():
    return os.path.join(os.path.dirname(diplomacy.__file__), "daide", "tests")


def read_recording(path):
    """[(line number, client, request or None, [responses])] in file order."""
    out = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            fields = line.split(",")
            client = int(fields[0])
            if fields[1]:
                out.append((n, client, fields[1], []))
            else:
                out.append((n, client, None, [r for r in fields[2:] if r]))
    return out


def short(text, n=300):
    return text if len(text) <= n else text[:n] + " ... (%d chars)" % len(text)


class Client:
    """One recorded client: a TCP connection speaking DAIDE framing."""

    def __init__(self, cid, port):
        self.cid = cid
        self.buf = b""
        self.closed = False
        self.power = None   # from HLO
        self.retreats_accepted = set()   # retreat orders accepted (THX MBV) this phase
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.sock.sendall(bytes([IM, 0, 0, 4, 0, 1, 0xDA, 0x10]))
        kind, _ = self.receive(time.time() + 10)
        if kind != RM:
            raise ConnectionError("client %d: expected RM after IM, got %r" % (cid, kind))

    def send(self, text):
        body = str_to_bytes(text)
        self.sock.sendall(bytes([DM, 0, len(body) >> 8, len(body) & 255]) + body)

    def _fill(self, n, deadline):
        while len(self.buf) < n:
            left = deadline - time.time()
            if left <= 0:
                raise socket.timeout()
            self.sock.settimeout(left)
            data = self.sock.recv(65536)
            if not data:
                self.closed = True
                raise EOFError()
            self.buf += data

    def receive(self, deadline):
        """(message type, content) of the next message; socket.timeout or EOFError."""
        self._fill(4, deadline)
        length = self.buf[2] << 8 | self.buf[3]
        self._fill(4 + length, deadline)
        kind, content = self.buf[0], self.buf[4:4 + length]
        self.buf = self.buf[4 + length:]
        return kind, content

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


# ---------------------------------------------------------------- servers
class ServerProcess:
    """The server under test, in a subprocess printing `daide://HOST:PORT` on stdout."""

    def __init__(self, cmd, workdir, python_mode):
        self.python_mode = python_mode
        self.log_path = os.path.join(workdir, "server.log")
        self.log = open(self.log_path, "w")
        # In a session of its own, so that stop() ends its children too (the package's
        # server has worker processes).
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=self.log,
                                     stdin=subprocess.PIPE, text=True, cwd=workdir,
                                     start_new_session=True)
        self.lines = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self.port = None
        try:
            self._wait_for_port()
        except Exception:
            self.stop()
            raise

    def _wait_for_port(self):
        deadline = time.time() + 60
        while self.port is None:
            try:
                line = self.lines.get(timeout=max(0.1, deadline - time.time()))
            except queue.Empty:
                raise RuntimeError("no daide://HOST:PORT line on stdout within 60 s")
            if line is None:
                raise RuntimeError("server exited with %s before listening" % self.proc.wait())
            m = re.search(r"daide://[^\s:]+:(\d+)", line)
            if m:
                self.port = int(m.group(1))

    def _pump(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def before_request(self, request):
        """The package's harness sets empty orders for the human and dummy powers when a
        bot sends GOF; the python server does it on a `GOF` line and answers `done`."""
        if not (self.python_mode and request.split(" ")[0] == "GOF"):
            return
        self.proc.stdin.write("GOF\n")
        self.proc.stdin.flush()
        deadline = time.time() + 10
        while time.time() < deadline:
            try:
                if (self.lines.get(timeout=deadline - time.time()) or "").strip() == "done":
                    return
            except queue.Empty:
                break
        raise RuntimeError("python server: no answer to GOF")

    def stop(self):
        """SIGTERM to the server's process group; SIGKILL to what is left after 5 s."""
        for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, None)):
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.proc.wait(wait)
            except subprocess.TimeoutExpired:
                pass
        self.log.close()


def serve_python(bots, press):
    """--serve-python: the package's server and DAIDE server, as test_daide_game.py has them."""
    from tornado import gen
    from tornado.ioloop import IOLoop
    from diplomacy import Server
    from diplomacy.client.connection import connect
    from diplomacy.server.server_game import ServerGame
    from diplomacy.utils import constants

    rules = ["IGNORE_ERRORS", "POWER_CHOICE"] + ([] if press else ["NO_PRESS"])
    humans = 1 if bots < 7 else 0
    server = Server()
    io_loop = IOLoop()
    io_loop.make_current()
    # The package's race: when a game ends it closes the DAIDE connections (sending OFF) at
    # once, while the last notifications (SMR, OFF) are still queued, so SMR is lost. The
    # closing is delayed by a second, as the recordings' version of the package had it.
    stop_daide_server = Server.stop_daide_server
    Server.stop_daide_server = lambda self, game_id: io_loop.call_later(
        1, stop_daide_server, self, game_id)
    commands = queue.Queue()

    def read_stdin():
        for line in sys.stdin:
            commands.put(line.strip())
        commands.put(None)

    @gen.coroutine
    def main():
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server.start(port=port)
        game = ServerGame(map_name="standard", n_controls=bots + humans, rules=rules, server=server)
        server.add_new_game(game)
        server.start_new_daide_server(game.game_id)
        daide_port = server.get_daide_port(game.game_id)
        connection = yield connect("localhost", port)
        human = yield connection.authenticate("username", "password")
        bot = yield connection.authenticate(constants.PRIVATE_BOT_USERNAME,
                                            constants.PRIVATE_BOT_PASSWORD)
        channels = {None: bot}
        if humans:
            yield human.join_game(game_id=game.game_id, power_name="AUSTRIA")
            channels["AUSTRIA"] = human
        print("daide://127.0.0.1:%d" % daide_port, flush=True)
        threading.Thread(target=read_stdin, daemon=True).start()
        while True:
            try:
                command = commands.get_nowait()
            except queue.Empty:
                yield gen.sleep(0.01)
                continue
            if command is None:
                return
            games = {}  # GOF: empty orders for the human and the dummy powers
            for power, channel in channels.items():
                if power is None:
                    dummies = yield channel.get_dummy_waiting_powers(buffer_size=100)
                    for name in dummies.get(game.game_id, []):
                        games[name] = yield channel.join_game(game_id=game.game_id, power_name=name)
                else:
                    games[power] = yield channel.join_game(game_id=game.game_id, power_name=power)
            for power, g in games.items():
                yield g.set_orders(power_name=power, orders=[], wait=False)
            print("done", flush=True)

    io_loop.run_sync(main)


# ---------------------------------------------------------------- replay
class Replay:
    def __init__(self, name, server, verbose=False):
        self.name, self.server = name, server
        self.clients = {}
        self.pending = collections.defaultdict(list)   # client -> [(line, expected text)]
        self.differences = self.timeouts = 0
        self.verbose = verbose

    def fail(self, message):
        self.differences += 1
        print("  %s: %s" % (self.name, message))
        if self.differences >= MAX_DIFFERENCES or self.timeouts >= MAX_TIMEOUTS:
            raise RuntimeError("too many differences, giving up on this recording")

    def check_group(self, cid):
        """Reads the messages expected of `cid` and compares them as a multiset.

        Reading goes on until every expected message has come (extra ones are differences),
        for at most GROUP_TIMEOUT; once as many unexpected messages as missing ones have
        come, it waits only GRACE for more (they are then most likely the missing ones with
        another content), so that a difference does not shift every later group."""
        expected = self.pending.pop(cid, [])
        client = self.clients[cid]
        if not expected:
            return
        wanted = collections.Counter(normalise(t) for _, t in expected)
        lines = "line %d" % expected[0][0] + ("-%d" % expected[-1][0] if len(expected) > 1 else "")
        unexpected, received, problem = [], [], None
        heads = {t.split(" ")[0] for _, t in expected}
        deadline = time.time() + GROUP_TIMEOUT
        while sum(wanted.values()) > 0:
            if client.closed:
                problem = "connection closed"
                break
            short_wait = len(unexpected) >= sum(wanted.values())
            try:
                kind, content = client.receive(min(deadline, time.time() + GRACE)
                                               if short_wait else deadline)
            except socket.timeout:
                if not short_wait or time.time() >= deadline:
                    problem = "timed out after %.0f s" % GROUP_TIMEOUT
                    self.timeouts += 1
                break
            except (EOFError, OSError):
                problem = "connection closed"
                break
            if kind != DM:
                text = {FM: "FM (final message)", EM: "EM error %s" % content.hex()}.get(
                    kind, "message of type %d" % kind)
                if kind == FM:
                    client.closed = True
            else:
                text = bytes_to_str(content)
            if self.verbose:
                print("    [%d] <- %s" % (cid, short(text, 160)))
            if text.startswith("HLO ( "):
                client.power = text.split(" ")[2]
            if package_omits(text, heads, client.power):
                continue
            received.append(text)
            key = normalise(text)
            if wanted[key] > 0:
                wanted[key] -= 1
            else:
                unexpected.append(text)
        # Compared again with the group's context (supports of failed moves, repeated
        # retreat orders).
        exp_norm = repeated_retreats(support_of_failed_move([t for _, t in expected]),
                                     client.retreats_accepted)
        got_norm = repeated_retreats(support_of_failed_move(received), client.retreats_accepted)
        for t in received:
            if t.startswith("NOW "):
                client.retreats_accepted.clear()
            w = t.split(" ")
            if w[0] == "THX" and ("RTO" in w or "DSB" in w) and t.endswith("( MBV )"):
                client.retreats_accepted.add(unparse(parse(w)[1]))
        wanted = collections.Counter(exp_norm)
        unexpected = []
        for t, key in zip(received, got_norm):
            if wanted[key] > 0:
                wanted[key] -= 1
            else:
                unexpected.append(t)
        missing = []
        for (n, t), key in zip(expected, exp_norm):
            if wanted[key] > 0:
                wanted[key] -= 1
                missing.append((n, t))
        for t in received:
            if t.startswith("NOW ") and "MRT" in t:
                twin = next((e for _, e in expected if normalise(e) == normalise(t)), None)
                if twin is not None and mrt_differences(twin, t):
                    unexpected.append(t)
                    missing.append(next((n, e) for n, e in expected if e == twin))
        if missing or unexpected:
            report = ["client %d, %s: %s" % (cid, lines, problem or "messages differ")]
            report += ["    expected, line %d: %s" % (n, short(t)) for n, t in missing]
            report += ["    received: %s" % short(t) for t in unexpected]
            if len(missing) == len(unexpected) == 1:   # where a long message differs
                a, b = normalise(missing[0][1]).split(" "), normalise(unexpected[0]).split(" ")
                i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
                report.append("    normalised, from token %d: expected ...%s... received ...%s..."
                              % (i, " ".join(a[max(0, i - 6):i + 10]), " ".join(b[max(0, i - 6):i + 10])))
            self.fail("\n".join(report))

    def run(self, records):
        refused_yet_carried_out(records)
        for n, cid, request, responses in records:
            if request is None:
                self.pending[cid] += [(n, r) for r in responses]
                continue
            if cid not in self.clients:
                self.clients[cid] = Client(cid, self.server.port)
            self.check_group(cid)
            if self.clients[cid].closed:
                self.fail("client %d, line %d: connection closed, cannot send %s"
                          % (cid, n, short(request)))
                continue
            self.server.before_request(request)
            if self.verbose:
                print("    [%d] -> %s" % (cid, short(request, 160)))
            try:
                self.clients[cid].send(request)
            except OSError as e:
                self.fail("client %d, line %d: cannot send %s: %s" % (cid, n, short(request), e))
            if request.startswith("YES ( MAP"):
                # Powers go to clients in the order their YES ( MAP ) arrives, which nothing
                # in the conversation acknowledges: give the server time to take it.
                time.sleep(0.3)
        for cid in sorted(self.pending):   # the end: every client's remaining messages
            self.check_group(cid)


def replay(path, args):
    name = os.path.basename(path)
    _, bots, human, press = next(r for r in RECORDINGS if r[0] == name)
    workdir = tempfile.mkdtemp(prefix="entente-daide-")
    if args.python_server:
        cmd = [sys.executable, os.path.abspath(__file__), "--serve-python", str(bots)]
        cmd += ["--press"] if press else []
    else:
        cmd = [os.path.abspath(args.entente), "serve",
               "--database", "sqlite:%s" % os.path.join(workdir, "daide.db"),
               "--listen", "127.0.0.1:0", "--daide", "127.0.0.1:0", "--daide-bots", str(bots),
               "--daide-move-secs", "300", "--daide-retreat-secs", "300",
               "--daide-build-secs", "300"]
        cmd += ["--daide-human", "AUS"] if human else []
        cmd += ["--daide-press", str(press)] if press else []
        # Games of bots only, in memory (the package's server plays powers without a bot as
        # civil disorder); --games database plays the recordings of seven bots without press
        # at a game of the database instead.
        whole = bots == 7 and not human and not press
        cmd += ["--daide-games", args.games if whole else "memory"]
    server = None
    rep = None
    try:
        server = ServerProcess(cmd, workdir, args.python_server)
        rep = Replay(name, server, args.verbose)
        rep.run(read_recording(path))
        ok = rep.differences == 0
    except Exception as e:  # a conversation that cannot continue
        print("  %s: %s: %s" % (name, type(e).__name__, e))
        ok = False
    finally:
        for c in (rep.clients.values() if rep else []):
            c.close()
        if server:
            server.stop()
    print("%s %s" % ("PASS" if ok else "FAIL", name)
          + ("" if ok else " (server log: %s)" % os.path.join(workdir, "server.log")))
    if ok:
        shutil.rmtree(workdir, ignore_errors=True)
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--entente", help="the entente binary")
    ap.add_argument("--python-server", action="store_true",
                    help="replay against the diplomacy package's own DAIDE server")
    ap.add_argument("--games", choices=["memory", "database"], default="memory",
                    help="where entente's server keeps the games of seven bots")
    ap.add_argument("--only", action="append", help="replay only this recording (repeatable)")
    ap.add_argument("--verbose", action="store_true", help="print every message sent and received")
    ap.add_argument("--serve-python", type=int, metavar="BOTS", help=argparse.SUPPRESS)
    ap.add_argument("--press", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve_python:
        return serve_python(args.serve_python, args.press)
    if not args.entente and not args.python_server:
        ap.error("--entente PATH or --python-server is required")
    if args.python_server:
        # As the package's harness does: the first Server() of a machine builds the package's
        # convoy-path cache (~/.cache/diplomacy), which can take minutes.
        from diplomacy import Server
        logging.getLogger("diplomacy").setLevel(logging.WARNING)
        warm = tempfile.mkdtemp(prefix="entente-daide-warm-")
        Server(warm)
        shutil.rmtree(warm, ignore_errors=True)
    passed = failed = 0
    for name, *_ in RECORDINGS:
        if args.only and name not in args.only:
            continue
        if replay(os.path.join(recordings_dir(), name), args):
            passed += 1
        else:
            failed += 1
    print("daide replay: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
