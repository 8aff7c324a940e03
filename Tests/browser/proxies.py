"""Debian's nginx and Caddy in front of a real `pm-server`, each terminating TLS with a
certificate of `pm-server tls init`'s private CA, run from the configurations the repository
ships (`deploy/nginx/pm-server.conf`, `deploy/caddy/Caddyfile`): the test reads those files and
replaces only the example name, certificate paths, ports and pm-server's address, so a change to
them is what the test runs."""

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

from harness import REPOSITORY, free_port

NGINX_CONFIG = REPOSITORY / "deploy" / "nginx" / "pm-server.conf"
CADDYFILE = REPOSITORY / "deploy" / "caddy" / "Caddyfile"


def replaced(text: str, replacements: list[tuple[str, str]]) -> str:
    """`text` with each `(old, new)` replaced; an `old` the file no longer holds fails, so the
    test cannot silently run something other than the shipped configuration."""
    for old, new in replacements:
        assert old in text, f"the shipped configuration no longer contains {old!r}"
        text = text.replace(old, new)
    return text


class Proxy:
    """One reverse proxy (`kind` nginx or caddy) on a free loopback port in front of the
    pm-server at `upstream_port`, serving https with `tls`'s server.pem and server-key.pem. With
    `without_upgrade`, the nginx configuration loses its two WebSocket lines: a proxy that drops
    the live connection's upgrade."""

    def __init__(self, kind: str, folder: Path, tls: Path, upstream_port: int, without_upgrade: bool = False):
        self.kind = kind
        self.folder = folder
        self.port = free_port()
        # Caddy is addressed by name, as a public proxy is: it picks a certificate by the name
        # the client sends (SNI), and pm's live connection to an address sends "127.0.0.1."
        # (NIOSSL refuses an address there), which Caddy answers with no certificate.
        self.host = "localhost" if kind == "caddy" else "127.0.0.1"
        self.url = f"https://{self.host}:{self.port}"
        self.log = folder / f"{kind}.log"
        self.process = None
        certificate, key = str(tls / "server.pem"), str(tls / "server-key.pem")
        folder.mkdir(parents=True, exist_ok=True)
        if kind == "nginx":
            site = replaced(NGINX_CONFIG.read_text(), [
                ("    listen [::]:443 ssl http2;\n", ""),
                ("listen 443 ssl", f"listen 127.0.0.1:{self.port} ssl"),
                ("/etc/letsencrypt/live/pm.example.com/fullchain.pem", certificate),
                ("/etc/letsencrypt/live/pm.example.com/privkey.pem", key),
                ("http://127.0.0.1:8080", f"http://127.0.0.1:{upstream_port}"),
            ])
            if without_upgrade:
                site = replaced(site, [
                    ("proxy_set_header Upgrade $http_upgrade;", ""),
                    ("proxy_set_header Connection $pm_connection_upgrade;", ""),
                ])
            (folder / "pm-server.conf").write_text(site)
            # What /etc/nginx/nginx.conf gives a site, with every file nginx writes in `folder`.
            # As root, nginx's workers would be `nobody`, who cannot enter pytest's private folders.
            user = "user root;\n" if os.geteuid() == 0 else ""
            (folder / "nginx.conf").write_text(user + f"""
pid {folder}/nginx.pid;
error_log {self.log} info;
events {{ worker_connections 256; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    include {folder}/pm-server.conf;
}}
""")
            self.command = [shutil.which("nginx") or "/usr/sbin/nginx", "-p", str(folder), "-c",
                            str(folder / "nginx.conf"), "-g", "daemon off;"]
            self.environment = None
        else:
            assert not without_upgrade, "only the nginx configuration is run without its upgrade lines"
            site = replaced(CADDYFILE.read_text(), [
                ("pm.example.com {", f"https://localhost:{self.port} {{"),
                ("/etc/ssl/pm.example.com/fullchain.pem", certificate),
                ("/etc/ssl/pm.example.com/privkey.pem", key),
                ("reverse_proxy 127.0.0.1:8080", f"reverse_proxy 127.0.0.1:{upstream_port}"),
            ])
            # Global options for a test: no admin endpoint, state in `folder`, and no listener
            # on port 80 (a test must not bind the machine's well-known ports). No HTTP/3 either:
            # python caldav's HTTP client follows Caddy's Alt-Svc to it, and its QUIC stack (qh3)
            # cannot read the private CA's ca.pem ("Incorrect padding"); over h1 and h2 it can.
            options = (f"{{\n\tadmin off\n\tstorage file_system {folder}/storage\n"
                       f"\thttp_port {free_port()}\n\tauto_https disable_redirects\n"
                       f"\tservers {{\n\t\tprotocols h1 h2\n\t}}\n}}\n\n")
            (folder / "Caddyfile").write_text(options + site)
            self.command = [shutil.which("caddy") or "/usr/bin/caddy", "run", "--config",
                            str(folder / "Caddyfile"), "--adapter", "caddyfile"]
            self.environment = {"HOME": str(folder), "XDG_DATA_HOME": str(folder / "data"),
                                "XDG_CONFIG_HOME": str(folder / "config"), "PATH": "/usr/bin:/bin"}

    def start(self):
        """Starts the proxy and waits until its port accepts connections."""
        log = open(self.log, "a")
        self.process = subprocess.Popen(self.command, stdout=log, stderr=log, env=self.environment)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.kind} exited: {self.log.read_text()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"{self.kind} did not listen within 20 s: {self.log.read_text()}")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
