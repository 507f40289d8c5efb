"""Issue 27's field check: a node as ./course run starts it, three hostile loads, a normal client meanwhile.

usage: python3 field_check.py STAGE PORT   (./course run --stage STAGE --port PORT must already be listening)
"""

import socket
import sys
import threading
import time

HOST = "127.0.0.1"


def request(method, key, body=b""):
    head = f"{method} /v0/entity?id={key} HTTP/1.1\r\nHost: {HOST}\r\nContent-Length: {len(body)}\r\n\r\n"
    return head.encode() + body


def read_head(s, size=65536):
    """Reads until the end of an answer's headers: (the header bytes, what came after them)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(size)
        if not chunk:
            raise ConnectionError("closed before the headers")
        data += chunk
    return data.split(b"\r\n\r\n", 1)


def read_answer(s):
    head, rest = read_head(s)
    status = int(head.split(b" ")[1])
    length = 0
    for line in head.split(b"\r\n")[1:]:
        k, _, v = line.partition(b":")
        if k.strip().lower() == b"content-length":
            length = int(v.strip())
    while len(rest) < length:
        chunk = s.recv(1 << 20)
        if not chunk:
            raise ConnectionError("closed in the body")
        rest += chunk
    return status, rest[:length]


def once(port, method, key, body=b"", timeout=30):
    with socket.create_connection((HOST, port), timeout=timeout) as s:
        s.sendall(request(method, key, body))
        return read_answer(s)


class NormalClient(threading.Thread):
    """A small PUT then GET every 100 ms, each on a new connection; records the slower of the two."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.stop, self.worst, self.failures, self.count, self.slow = port, False, 0.0, [], 0, 0

    def run(self):
        i = 0
        while not self.stop:
            i += 1
            t = time.monotonic()
            try:
                st, _ = once(self.port, "PUT", f"normal{i % 50}", b"v" * 100, timeout=10)
                st2, body = once(self.port, "GET", f"normal{i % 50}", timeout=10)
                if st != 201 or st2 != 200 or body != b"v" * 100:
                    self.failures.append(f"{st}/{st2}")
            except Exception as e:  # noqa: BLE001 - any failure of the normal client is the finding
                self.failures.append(repr(e))
            took = time.monotonic() - t
            self.worst = max(self.worst, took)
            self.count += 1
            self.slow += took > 1.0
            time.sleep(0.1)


def burst(port):
    value = b"b" * (1 << 20)
    statuses = {}
    lock = threading.Lock()

    def client(c):
        try:
            with socket.create_connection((HOST, port), timeout=60) as s:
                for r in range(10):
                    s.sendall(request("PUT", f"burst{c}-{r}", value))
                    st, _ = read_answer(s)
                    with lock:
                        statuses[st] = statuses.get(st, 0) + 1
                    if st != 201:
                        return
        except Exception as e:  # noqa: BLE001
            with lock:
                statuses[type(e).__name__] = statuses.get(type(e).__name__, 0) + 1

    threads = [threading.Thread(target=client, args=(c,)) for c in range(64)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


def never_read(port):
    st, _ = once(port, "PUT", "big4", b"x" * (4 << 20), timeout=60)
    socks = []
    for _ in range(16):
        s = socket.create_connection((HOST, port), timeout=60)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.sendall(request("GET", "big4"))
        socks.append(s)
    time.sleep(10)
    for s in socks:
        s.close()
    return f"PUT {st}, 16 held 10 s"


def slow_readers(port):
    st, _ = once(port, "PUT", "big16", b"y" * (16 << 20), timeout=120)
    results = []
    lock = threading.Lock()

    def reader():
        try:
            with socket.create_connection((HOST, port), timeout=60) as s:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
                s.sendall(request("GET", "big16"))
                got, start = 0, time.monotonic()
                head, rest = read_head(s, 4096)
                status = int(head.split(b" ")[1])
                got = len(rest)
                want = None
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length"):
                        want = int(line.split(b":")[1])
                while want and got < want:
                    chunk = s.recv(65536)
                    if not chunk:
                        break
                    got += len(chunk)
                    # 4 MB/s: 64 KiB every 16 ms
                    target = start + got / 4e6
                    delay = target - time.monotonic()
                    if delay > 0:
                        time.sleep(delay)
                with lock:
                    results.append((status if status == 200 else f"{status} {rest[:300]!r}", got))
        except Exception as e:  # noqa: BLE001
            with lock:
                results.append((repr(e), 0))

    threads = [threading.Thread(target=reader) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return f"PUT {st}, readers: " + ", ".join(f"{s}:{g >> 20}MiB" for s, g in results)


def main():
    stage, port = sys.argv[1], int(sys.argv[2])
    for name, case in (
        ("burst 64x10x1MiB", burst),
        ("16 never read 4MiB", never_read),
        ("8 read 16MiB at 4MB/s", slow_readers),
    ):
        normal = NormalClient(port)
        normal.start()
        t = time.monotonic()
        outcome = case(port)
        normal.stop = True
        normal.join()
        alive = once(port, "GET", "normal1")[0]
        print(
            f"stage {stage} | {name} | {outcome} | {time.monotonic() - t:.1f} s | normal client: {normal.count} rounds,"
            f" worst {normal.worst:.2f} s, {normal.slow} over 1 s, failures {normal.failures[:3]} | after: GET {alive}",
            flush=True,
        )


if __name__ == "__main__":
    main()
