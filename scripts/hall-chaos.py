#!/usr/bin/env python3
"""Hall mode (issue 14) as its checker sees it: a hall of simulated boards on one machine, the
server, the boards and the desk killed (SIGKILL) at random moments and started again, plus
boards run by `tianyuan hall board` over journals that `tianyuan session append` writes; at the
end `tianyuan desk state DIR --json` must equal every board journal's entries and head
(`tianyuan session verify`), and a board with table 1's credentials must not publish as table 2.

Usage: scripts/hall-chaos.py [--seed N] [--tables N] [--rounds N] (needs nats-server and a
built target/debug/tianyuan). Not part of CI: it takes a minute or two and is random on purpose.
"""
import argparse, json, os, random, shutil, signal, socket, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")), "debug", "tianyuan")
GAMES = next(p for p in [os.path.join(ROOT, "../shared/corpus/gnugo-regression/games"),
                         "/work/shared/corpus/gnugo-regression/games",
                         os.path.join(ROOT, "tests/data/sgf")] if os.path.isdir(p))


def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p


def wait_port(port):
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close(); return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"nats-server did not listen on {port}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=int(time.time()))
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=8, help="random kills")
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    print(f"seed {a.seed}")
    work = tempfile.mkdtemp(prefix="tianyuan-hall-chaos.")
    port = free_port(); url = f"nats://127.0.0.1:{port}"; event = "chaos"
    procs = {}
    log = open(os.path.join(work, "log.txt"), "ab")

    def start(name):
        if name == "server":
            cmd = ["nats-server", "-js", "-sd", f"{work}/js", "-a", "127.0.0.1", "-p", str(port)]
        elif name == "desk":
            cmd = [BIN, "desk", event, "--server", url, "--journal", f"{work}/desk", "--headless", "--http", "off"]
        elif name == "sim":
            cmd = [BIN, "hall", "simulate", "--server", url, "--event", event, "--tables", str(a.tables),
                   "--games-from", GAMES, "--speed", "300", "--max-moves", "60", "--journal", f"{work}/boards",
                   "--timeout", "60"]
        else:  # an external board: hall board over a journal `session append` writes
            t = int(name.split("-")[1])
            cmd = [BIN, "hall", "board", "--server", url, "--event", event, "--table", str(t),
                   "--session", f"{work}/ext/t{t}.tyj"]
        procs[name] = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        if name == "server":
            wait_port(port)

    def kill(name):
        p = procs.pop(name, None)
        if p and p.poll() is None:
            p.send_signal(signal.SIGKILL); p.wait()

    # Two tables beyond the simulation's, played by hand through `session append`.
    ext = [a.tables + 1, a.tables + 2]
    os.makedirs(f"{work}/ext")
    for t in ext:
        subprocess.run([BIN, "session", "new", f"{work}/ext/t{t}.tyj", "--script", "-"], check=True,
                       input=f"setup size=9 table={t} black=Ext{t}B white=Ext{t}W\n".encode(), stdout=log)
    moves = [f"{c}{r}" for c in "ABCDEFGHJ" for r in range(1, 10)]
    rnd.shuffle(moves)
    start("server"); start("desk"); start("sim")
    for t in ext:
        start(f"board-{t}")
    sec = 5
    for i in range(a.rounds):
        for t in ext:  # a few entries by hand on each external board
            for _ in range(rnd.randint(1, 4)):
                colour = "B" if sec % 2 else "W"
                mv = moves.pop() if moves else "pass"
                subprocess.run([BIN, "session", "append", f"{work}/ext/t{t}.tyj", f"0:{sec:02d} {colour} {mv}"],
                               stdout=log, stderr=log)
                sec = min(sec + 1, 59)
        time.sleep(rnd.uniform(0.2, 1.5))
        victim = rnd.choice(["server", "desk", "sim", f"board-{ext[0]}", f"board-{ext[1]}"])
        if victim == "sim" and procs.get("sim") and procs["sim"].poll() is not None:
            continue
        print(f"kill {victim}"); kill(victim)
        time.sleep(rnd.uniform(0.1, 1.5))
        start(victim)
    # Let everything finish: the simulation ends when every board is confirmed.
    if procs["sim"].wait(timeout=180) != 0:
        sys.exit("the simulation failed (see log.txt)")
    deadline = time.time() + 60
    while True:
        board = {}
        for t in range(1, a.tables + 1):
            board[t] = f"{work}/boards/table-{t}.tyj"
        for t in ext:
            board[t] = f"{work}/ext/t{t}.tyj"
        want = {}
        for t, path in board.items():
            out = subprocess.run([BIN, "session", "verify", path], capture_output=True, text=True).stdout
            n, head = out.split()[0], out.split("head ")[1].split()[0]
            want[t] = (int(n), head)
        state = json.loads(subprocess.run([BIN, "desk", "state", f"{work}/desk", "--json"],
                                          capture_output=True, text=True).stdout)
        got = {r["table"]: (r["entries"], r["head"]) for r in state["tables"]}
        if got == want and len(state["tables"]) == len(want):
            break
        if time.time() > deadline:
            bad = {t: (want.get(t), got.get(t)) for t in set(want) | set(got) if want.get(t) != got.get(t)}
            sys.exit(f"the desk differs from the boards: {bad}; folder {work}")
        time.sleep(0.5)
    total = sum(n for n, _ in want.values())
    print(f"the desk equals the boards: {len(want)} tables, {total} entries")
    for name in list(procs):
        kill(name)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
