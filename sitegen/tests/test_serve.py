"""./course site --serve on a port that is taken: a message naming the port and how to pick another, no traceback."""

import os
import socket
import sys

from sitegen.paths import REPO_ROOT

from .conftest import run_command


def taken_port():
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    return holder, holder.getsockname()[1]


def test_serving_on_a_taken_port_says_which_port_and_what_to_do(tmp_path):
    holder, port = taken_port()
    with holder:
        done = run_command(
            [sys.executable, "-m", "sitegen.serve", "--port", str(port), "--directory", str(tmp_path)],
            cwd=REPO_ROOT,
            timeout=30,
        )
    assert done.returncode == 2
    assert f"port {port} on 127.0.0.1 is in use" in done.stderr and "pick another with --port" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_course_site_serve_checks_the_port_before_serving(tmp_path):
    (tmp_path / "index.html").write_text("<html></html>", encoding="utf-8")
    holder, port = taken_port()
    env = dict(os.environ, COURSE_ROOT=str(REPO_ROOT))
    with holder:
        done = run_command(
            [
                "bash",
                str(REPO_ROOT / "scripts/site.sh"),
                "--no-build",
                "--serve",
                "--port",
                str(port),
                "--out",
                str(tmp_path),
            ],
            timeout=120,
            env=env,
        )
    assert done.returncode == 2, done.stderr
    assert f"port {port} on 127.0.0.1 is in use" in done.stderr and "Traceback" not in done.stderr
    assert "serving" not in done.stdout
