"""The host as docs/deploying.md deploys it, on loopback: a certificate, Redis, the app, nginx.

Each piece is started by the tests' own process on free ports, bounded in
time, and stopped (its whole process group killed if need be) at the end.
Nothing here is a fixture: tests/deploy/conftest.py wires them up.
"""

from __future__ import annotations

import base64
import ctypes
import hashlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.server import redis_answers

ROOT = Path(__file__).resolve().parents[2]
#: The site file docs/deploying.md tells a host to install: the tested file.
SITE_FILE = ROOT / "deploy" / "nginx.conf"
#: The systemd unit docs/deploying.md installs: its ExecStart and Environment are the tested ones.
UNIT_FILE = ROOT / "deploy" / "scorer.service"
NGINX = os.environ.get("NGINX", "/usr/sbin/nginx")
OPENSSL = os.environ.get("OPENSSL", "/usr/bin/openssl")
PR_SET_PDEATHSIG = 1
#: The made-up host name the certificate is for; the browser maps it to 127.0.0.1.
HOST = "scorer.test"


def free_port() -> int:
    """A TCP port free on loopback now; never 8000, the site file's own upstream port."""
    while True:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
        if port != 8000:
            return port


def _tied_to_the_tests() -> None:
    """In a server's process before it starts: a session of its own (its children stop with
    it), and SIGTERM should the tests' process die without stopping it (Linux's prctl)."""
    os.setsid()
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def spawn(command: list[str], log: Path, **options: Any) -> subprocess.Popen[bytes]:
    """Start a server, its output appended to ``log``; stop it with ``stop_group``."""
    with log.open("ab") as out:  # the server keeps its own copy open
        return subprocess.Popen(command, preexec_fn=_tied_to_the_tests, stdin=subprocess.DEVNULL,
                                stdout=out, stderr=subprocess.STDOUT, **options)


def stop_group(process: subprocess.Popen[bytes] | None) -> None:
    """Stop a server started by ``spawn`` and its children: SIGTERM, then SIGKILL for what is left."""
    if process is None:
        return
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=10)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)  # a child that outlived its parent
    except ProcessLookupError:
        pass
    process.wait(timeout=10)


# -- the certificate ------------------------------------------------------------------------


@dataclass(frozen=True)
class Certificate:
    """A throwaway CA and a server certificate for ``HOST`` it signed."""

    ca: Path
    cert: Path
    key: Path
    #: base64 of the SHA-256 of the server certificate's SubjectPublicKeyInfo (DER).
    spki: str


def make_certificate(folder: Path) -> Certificate:
    """Make a CA and a server certificate (SAN ``HOST``) with openssl, valid for a few days."""
    def run(*args: str, stdin: bytes | None = None) -> bytes:
        done = subprocess.run([OPENSSL, *args], cwd=folder, input=stdin, capture_output=True, timeout=30)
        if done.returncode != 0:
            raise RuntimeError(f"openssl {args[0]} failed: {done.stderr.decode(errors='replace')}")
        return done.stdout

    curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    run("req", "-x509", *curve, "-keyout", "ca.key", "-out", "ca.pem", "-days", "3",
        "-subj", "/CN=Scorer test CA", "-addext", "basicConstraints=critical,CA:TRUE",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    # The server's key is RSA, and usable for RSA key exchange, as a host's often is: only
    # then would a cipher without forward secrecy (kRSA) be possible, and its refusal tested.
    run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr",
        "-subj", f"/CN={HOST}")
    (folder / "server.ext").write_text(
        f"subjectAltName=DNS:{HOST}\nbasicConstraints=CA:FALSE\n"
        "keyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n"
    )
    run("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
        "-out", "server.pem", "-days", "3", "-extfile", "server.ext")
    public = run("x509", "-in", "server.pem", "-noout", "-pubkey")
    der = run("pkey", "-pubin", "-outform", "DER", stdin=public)
    spki = base64.b64encode(hashlib.sha256(der).digest()).decode()
    return Certificate(folder / "ca.pem", folder / "server.pem", folder / "server.key", spki)


# -- nginx ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Ports:
    """Where each server listens on 127.0.0.1."""

    http: int
    https: int
    app: int
    #: Whether the browser sees nginx at these ports (a host serving on a high
    #: port) or at 80 and 443 (mapped to them, as a host serving on 443).
    seen: bool = False

    @property
    def public_https(self) -> int:
        """The https port in the site's address, as a browser has it."""
        return self.https if self.seen else 443

    @property
    def public_http(self) -> int:
        """The plain http port in the site's address, as a browser has it."""
        return self.http if self.seen else 80

    @property
    def origin(self) -> str:
        """The site's https address, the port left out when it is 443."""
        port = self.public_https
        return f"https://{HOST}" if port == 443 else f"https://{HOST}:{port}"


#: What the tests put in place of the site file's own values: (what, pattern, replacement
#: format), each pattern required to be found. ``{...}`` names a value of ``site_values``.
SUBSTITUTIONS: list[tuple[str, str, str]] = [
    ("the redirect's target", r"https://scorer\.example\.org\$request_uri", "https://{public}$request_uri"),
    ("the host name", r"\bscorer\.example\.org\b", "{host}"),
    ("the http port", r"\blisten\s+80\s*;", "listen 127.0.0.1:{http};"),
    ("the https port", r"\blisten\s+443\s+ssl\s+http2\s*;", "listen 127.0.0.1:{https} ssl http2;"),
    ("the certificate", r"/etc/ssl/certs/scorer\.pem", "{cert}"),
    ("the certificate's key", r"/etc/ssl/private/scorer\.key", "{key}"),
    ("the upstream", r"\b127\.0\.0\.1:8000\b", "127.0.0.1:{app}"),
    ("the access log", r"/var/log/nginx/scorer\.log", "{access_log}"),
]


def render_site(text: str, values: dict[str, str]) -> str:
    """The site file with the tests' host, ports, certificate, upstream and log in it.

    Every substitution must find its value in the file, and none of the file's
    own values may be left: a change to deploy/nginx.conf that the tests would
    no longer reach fails here, loudly, instead of testing something else.
    """
    for what, pattern, replacement in SUBSTITUTIONS:
        text, count = re.subn(pattern, replacement.format(**values).replace("\\", "\\\\"), text)
        if count == 0:
            raise AssertionError(f"deploy/nginx.conf: {what} ({pattern}) is not where the tests expect it")
    left = [pattern for pattern in (r"scorer\.example\.org", r"/etc/ssl/", r"/var/log/",
                                    r"\blisten\s+(80|443)\b", r"\b127\.0\.0\.1:8000\b")
            if re.search(pattern, text)]
    if left:
        raise AssertionError(f"deploy/nginx.conf: not substituted: {left}")
    return text


def main_config(folder: Path, site: Path) -> str:
    """nginx's own main file for the test: everything in ``folder``, the site file included."""
    temp = {name: folder / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for path in temp.values():
        path.mkdir(exist_ok=True)
    # As root, nginx's workers would run as nobody, who cannot enter the temporary folder.
    user = "user root;\n" if os.geteuid() == 0 else ""
    return (
        f"{user}daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'} warn;\n"
        "events { worker_connections 256; }\n"
        "http {\n"
        f"    client_body_temp_path {temp['body']};\n    proxy_temp_path {temp['proxy']};\n"
        f"    fastcgi_temp_path {temp['fastcgi']};\n    uwsgi_temp_path {temp['uwsgi']};\n"
        f"    scgi_temp_path {temp['scgi']};\n"
        f"    include {site};\n"
        "}\n"
    )


@dataclass
class Nginx:
    """Debian's nginx serving deploy/nginx.conf, as this process's child."""

    folder: Path
    ports: Ports
    certificate: Certificate
    process: subprocess.Popen[bytes] | None = None
    site_text: str = ""

    @property
    def access_log(self) -> Path:
        return self.folder / "access.log"

    @property
    def error_log(self) -> Path:
        return self.folder / "error.log"

    def start(self) -> Nginx:
        """Write the configuration, start nginx, wait until both ports accept connections."""
        values = {"host": HOST, "public": self.ports.origin.removeprefix("https://"),
                  "http": str(self.ports.http), "https": str(self.ports.https),
                  "cert": str(self.certificate.cert), "key": str(self.certificate.key),
                  "app": str(self.ports.app), "access_log": str(self.access_log)}
        self.site_text = render_site(SITE_FILE.read_text(), values)
        site = self.folder / "site.conf"
        site.write_text(self.site_text)
        main = self.folder / "nginx.conf"
        main.write_text(main_config(self.folder, site))
        command = [NGINX, "-p", str(self.folder), "-e", str(self.error_log), "-c", str(main)]
        checked = subprocess.run([*command, "-t"], capture_output=True, timeout=30)
        if checked.returncode != 0:
            raise RuntimeError(f"nginx -t refused the configuration: {checked.stderr.decode(errors='replace')}")
        self.process = spawn(command, self.folder / "nginx.out")
        wait_for_port(self.ports.https, self.process, "nginx", self.error_log)
        wait_for_port(self.ports.http, self.process, "nginx", self.error_log)
        return self

    def stop(self) -> None:
        """Stop nginx (quickly: SIGTERM), and its worker with it."""
        stop_group(self.process)


def wait_for_port(port: int, process: subprocess.Popen[bytes], name: str, log: Path,
                  seconds: float = 30) -> None:
    """Wait until 127.0.0.1:port accepts a connection, failing if the process ends first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{name} stopped: {read_tail(log)}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{name} did not listen on {port} within {seconds} s: {read_tail(log)}")


def read_tail(path: Path, size: int = 3000) -> str:
    """The end of a log file, or nothing when there is none."""
    try:
        return path.read_text(errors="replace")[-size:]
    except FileNotFoundError:
        return ""


# -- Redis ----------------------------------------------------------------------------------


@dataclass
class Redis:
    """A throwaway Redis server on loopback for the rate limit's counts: no persistence."""

    binary: str
    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        """Start it and wait until it answers PING."""
        self.process = spawn(
            [self.binary, "--bind", "127.0.0.1", "--port", str(self.port), "--save", "",
             "--appendonly", "no", "--dir", str(self.folder), "--maxmemory", "64mb"],
            self.folder / "redis.log",
        )
        if redis_answers(self.port, self.process, seconds=20):
            return self
        raise RuntimeError(f"redis-server did not answer: {read_tail(self.folder / 'redis.log')}")

    def stop(self) -> None:
        stop_group(self.process)


# -- the app --------------------------------------------------------------------------------


def unit_service(name: str) -> list[str]:
    """The values of one setting in deploy/scorer.service's [Service] section, in order."""
    values, section = [], ""
    for line in UNIT_FILE.read_text().splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line
        elif section == "[Service]" and line.startswith(f"{name}="):
            values.append(line.split("=", 1)[1])
    return values


def app_commands() -> list[list[str]]:
    """How a host starts the app: deploy/scorer.service's ExecStart, ``scorer serve``.

    Each command runs in turn from the checkout; those before the last must
    succeed, the last one serves.
    """
    (program, *args), = (line.split() for line in unit_service("ExecStart"))
    assert Path(program).name == "scorer", f"deploy/scorer.service starts {program}, not scorer"
    return [[sys.executable, "-m", "scorer", *args]]


def environment_file(path: Path, settings: dict[str, str]) -> dict[str, str]:
    """Write the settings as the unit's EnvironmentFile (KEY=value a line); give what it reads."""
    path.write_text("".join(f"{key}={value}\n" for key, value in settings.items()))
    path.chmod(0o600)
    read = dict(line.split("=", 1) for line in path.read_text().splitlines() if line and line[0] != "#")
    assert read == settings, read
    return read


def unit_environment(instance: Path) -> dict[str, str]:
    """The unit's own Environment= settings, its instance folder moved to ``instance``."""
    found = dict(line.split("=", 1) for line in unit_service("Environment"))
    assert "SCORER_INSTANCE" in found, "deploy/scorer.service no longer sets SCORER_INSTANCE"
    return {**found, "SCORER_INSTANCE": str(instance)}


@dataclass
class AppServer:
    """The app as deploy/scorer.service runs it (gunicorn with the package's settings), as our child."""

    folder: Path
    port: int
    env: dict[str, str]
    process: subprocess.Popen[bytes] | None = None

    @property
    def log(self) -> Path:
        """What gunicorn writes: its access log (standard output) and its errors."""
        return self.folder / "app.log"

    def start(self) -> AppServer:
        """Run the commands of ``app_commands`` from the checkout; wait until it listens."""
        *before, serve = app_commands()
        for command in before:
            done = subprocess.run(command, cwd=ROOT, env=self.env, capture_output=True, timeout=120)
            if done.returncode != 0:
                raise RuntimeError(f"{' '.join(command[1:])} failed: {done.stderr.decode(errors='replace')}")
        self.process = spawn(serve, self.log, cwd=ROOT, env=self.env)
        wait_for_port(self.port, self.process, "the app server", self.log, seconds=60)
        # Listening is the master; a page answered is a worker with the app loaded.
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=30).close()
                return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the app server did not answer: {read_tail(self.log)}") from None
                time.sleep(0.1)

    def stop(self) -> None:
        """Stop gunicorn and its workers (killed after 10 s)."""
        stop_group(self.process)
