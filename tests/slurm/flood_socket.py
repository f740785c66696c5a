"""A hostile local user on the admin socket, for test_hostile.py: run as a second uid, it holds
as many idle connections as it can (reopening each one the daemon closes) and loops requests
that are refused (a 60 KB setres, a releasehold of jobs that are not its own, garbage) for
SECONDS. Prints what it saw, as JSON, at the end. Standard library only (it runs as `nobody`)."""
import json
import socket
import sys
import threading
import time

PATH, SECONDS = sys.argv[1], float(sys.argv[2])
END = time.time() + SECONDS
seen = {"held_max": 0, "requests": 0, "bytes_tried": 0, "bytes_sent": 0, "answers": {}}
lock = threading.Lock()


def hold_idle_connections(many=300):
    held = []
    while time.time() < END:
        while len(held) < many:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.setblocking(False)
            try:
                s.connect(PATH)
            except OSError:
                s.close()
                break
            held.append(s)
        alive = []
        for s in held:
            try:
                if s.recv(4096) == b"":
                    s.close()  # closed by the daemon: reopened next round
                    continue
            except BlockingIOError:
                pass
            except OSError:
                s.close()
                continue
            alive.append(s)
        held = alive
        with lock:
            seen["held_max"] = max(seen["held_max"], len(held))
        time.sleep(0.01)
    for s in held:
        s.close()


def ask(line):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(5)
    reply, sent = b"", 0
    try:
        s.connect(PATH)
        s.sendall(line)
        sent = len(line)
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            reply += chunk
    except OSError:
        pass
    finally:
        s.close()
    return reply, sent


def loop_refused_requests():
    big = json.dumps({"command": "setres", "args": ["x" * 60000, "HOSTLIST=n1", "DURATION=1:00:00"],
                      "json": False}).encode() + b"\n"
    others = [json.dumps({"command": "releasehold", "args": [str(n)], "json": False}).encode() + b"\n"
              for n in range(1, 50)]
    garbage = b"{not json" + b"y" * 30000 + b"\n"
    k = 0
    while time.time() < END:
        line = [big, others[k % len(others)], garbage][k % 3]
        k += 1
        reply, sent = ask(line)
        try:
            err = json.loads(reply).get("err", "")
        except ValueError:
            err = "(no answer)"
        with lock:
            seen["requests"] += 1
            seen["bytes_tried"] += len(line)
            seen["bytes_sent"] += sent
            key = err[:60]
            seen["answers"][key] = seen["answers"].get(key, 0) + 1


threads = [threading.Thread(target=hold_idle_connections)] + [threading.Thread(target=loop_refused_requests)
                                                               for _ in range(3)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(json.dumps(seen, sort_keys=True))
