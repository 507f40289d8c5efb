"""./course site --serve: serves the built site on 127.0.0.1. A port that is taken is a clear error, not a traceback.

python -m sitegen.serve --port P --directory DIR [--check]   (--check: only say whether the port is free)
"""

import argparse
import errno
import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

HOST = "127.0.0.1"


class PortTaken(Exception):
    pass


def bind(port: int, directory: str) -> ThreadingHTTPServer:
    handler = functools.partial(SimpleHTTPRequestHandler, directory=directory)
    try:
        return ThreadingHTTPServer((HOST, port), handler)
    except OSError as e:
        if e.errno in (errno.EADDRINUSE, errno.EACCES):
            why = (
                "is in use (another server, or an earlier ./course site --serve still running)"
                if e.errno == errno.EADDRINUSE
                else "is not allowed for this user"
            )
            raise PortTaken(
                f"port {port} on {HOST} {why}; pick another with --port, e.g. --port {free_port_hint(port)}"
            ) from e
        raise


def free_port_hint(taken: int) -> int:
    """A port that was free a moment ago, to put in the message."""
    for candidate in list(range(taken + 1, min(taken + 50, 65535))) + [0]:
        try:
            server = ThreadingHTTPServer((HOST, candidate), SimpleHTTPRequestHandler)
        except OSError:
            continue
        port = server.server_address[1]
        server.server_close()
        return port
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="./course site --serve")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--directory", required=True)
    parser.add_argument("--check", action="store_true", help="only check that the port can be bound")
    args = parser.parse_args(argv)
    try:
        server = bind(args.port, args.directory)
    except PortTaken as e:
        print(f"course site: {e}", file=sys.stderr)
        return 2
    if args.check:
        server.server_close()
        return 0
    print(f"course site: serving http://{HOST}:{args.port}/ (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
