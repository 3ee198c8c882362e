"""The book behind a real nginx terminating TLS, as a household puts it on the internet.

nginx (from apt) listens on 127.0.0.1 with a certificate made here and forwards to the book, which
runs with `--trust-proxy --trusted-proxies 127.0.0.1/32 --public-url https://bar.example.org`.
The test's own connections come from other loopback addresses (127.0.0.3, 127.0.0.5), so nginx
sees them as distinct clients and appends each one's real address to `X-Forwarded-For`, after
whatever the client wrote there itself.
"""

import http.client
import json
import re
import shutil
import ssl
import subprocess
import time
import urllib.parse
from pathlib import Path

from conftest import DEADLINE, _binary, _free_port, wait_until
from test_accounts import cli

PUBLIC = "https://bar.example.org"


def nginx_binary() -> str:
    found = shutil.which("nginx") or "/usr/sbin/nginx"
    assert Path(found).exists(), "the reverse proxy test needs nginx: apt-get install nginx (scripts/test.sh does)"
    return found


def make_certificate(directory: Path) -> tuple[Path, Path]:
    cert, key = directory / "proxy.crt", directory / "proxy.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True, timeout=60)
    return cert, key


def start_nginx(directory: Path, cert: Path, key: Path, upstream: int) -> tuple[subprocess.Popen, int]:
    port = _free_port()
    for name in ("client", "proxy", "fastcgi", "uwsgi", "scgi"):
        (directory / name).mkdir(exist_ok=True)
    config = directory / "nginx.conf"
    config.write_text(f"""
daemon off;
master_process off;
user root;
pid {directory}/nginx.pid;
error_log {directory}/error.log warn;
events {{ worker_connections 64; }}
http {{
  access_log off;
  client_body_temp_path {directory}/client;
  proxy_temp_path {directory}/proxy;
  fastcgi_temp_path {directory}/fastcgi;
  uwsgi_temp_path {directory}/uwsgi;
  scgi_temp_path {directory}/scgi;
  server {{
    listen 127.0.0.1:{port} ssl;
    ssl_certificate {cert};
    ssl_certificate_key {key};
    location / {{
      proxy_pass http://127.0.0.1:{upstream};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }}
  }}
}}
""")
    process = subprocess.Popen([nginx_binary(), "-p", str(directory), "-c", str(config)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return process, port


class Client:
    """HTTPS to nginx from one loopback address, trusting only the test's certificate."""

    def __init__(self, port: int, cert: Path, source: str):
        self.port, self.source = port, source
        self.context = ssl.create_default_context(cafile=str(cert))

    def request(self, method: str, path: str, headers: dict | None = None, body: str | bytes | None = None):
        connection = http.client.HTTPSConnection("127.0.0.1", self.port, context=self.context,
                                                 source_address=(self.source, 0), timeout=DEADLINE)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.getheaders(), response.read().decode("utf-8", "replace")
        finally:
            connection.close()


def header_values(headers, name: str) -> list[str]:
    return [value for key, value in headers if key.lower() == name.lower()]


def test_behind_nginx_with_tls(server, tmp_path):
    database = tmp_path / "book.sqlite"
    assert cli(database, "user", "add", "ada", "--admin", "--password-stdin", password="a long password\n").returncode == 0
    token = cli(database, "user", "token", "ada", "--label", "proxy").stdout.strip()
    book = server(database=database, extra_args=(
        "--trust-proxy", "--trusted-proxies", "127.0.0.1/32", "--public-url", PUBLIC, "--bcrypt-cost", "4"))
    cert, key = make_certificate(tmp_path)
    nginx, port = start_nginx(tmp_path, cert, key, book.port)
    try:
        client = Client(port, cert, "127.0.0.3")
        wait_until(lambda: _answers(client), DEADLINE, "nginx never answered over TLS")
        book.wait_ready()

        # Over HTTPS through the trusted proxy: Secure cookies and HSTS.
        status, headers, _ = client.request("GET", "/")
        assert status == 200
        assert any("max-age=" in value for value in header_values(headers, "Strict-Transport-Security"))
        cookies = header_values(headers, "Set-Cookie")
        assert cookies and all("; Secure" in cookie for cookie in cookies), cookies

        # The same book reached directly over plain HTTP on the LAN: no HSTS, no Secure (it must
        # still be able to sign in there).
        direct = http.client.HTTPConnection("127.0.0.1", book.port, timeout=DEADLINE)
        direct.request("GET", "/")
        plain = direct.getresponse()
        plain.read()
        assert plain.getheader("Strict-Transport-Security") is None
        assert all("; Secure" not in cookie for cookie in header_values(plain.getheaders(), "Set-Cookie"))
        direct.close()

        # Share links and the menu's QR code carry the public address, not the one the request used.
        bearer = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        status, _, body = client.request("POST", "/api/v1/lists", bearer, json.dumps({"name": "Saturday"}))
        assert status == 201, body
        list_id = json.loads(body)["id"]
        status, _, body = client.request("POST", f"/api/v1/lists/{list_id}/share", bearer, "{}")
        assert status in (200, 201), body
        share = json.loads(body)["url"]
        assert share.startswith(PUBLIC + "/s/"), share
        status, _, menu = client.request("GET", f"/lists/{list_id}/menu", {"Authorization": f"Bearer {token}"})
        assert status == 200
        assert share in menu and "127.0.0.1" not in re.sub(r"<script.*?</script>", "", menu, flags=re.S)

        # The sign-in throttle counts the real client (the rightmost address the trusted proxy
        # did not write), however the client fills X-Forwarded-For: 60 wrong passwords, each
        # naming another first address and another account, meet 429 after ten.
        statuses = [_wrong_password(client, f"nobody{n}", spoof=f"203.0.113.{n}") for n in range(60)]
        assert statuses[:10] == [401] * 10, statuses
        assert set(statuses[10:]) == {429}, statuses
        # Another client, even one naming the throttled address as its own, is not locked out.
        other = Client(port, cert, "127.0.0.5")
        assert _wrong_password(other, "someone", spoof="127.0.0.3") == 401
    finally:
        nginx.terminate()
        try:
            nginx.wait(timeout=10)
        except subprocess.TimeoutExpired:
            nginx.kill()


def _answers(client: Client) -> bool:
    try:
        return client.request("GET", "/healthz")[0] == 200
    except OSError:
        time.sleep(0.05)
        return False


def _wrong_password(client: Client, name: str, spoof: str) -> int:
    status, headers, body = client.request("GET", "/login", {"X-Forwarded-For": spoof})
    assert status == 200, body
    csrf_cookie = next(c for c in header_values(headers, "Set-Cookie") if c.startswith("cocktailbook_csrf="))
    csrf = csrf_cookie.split(";")[0].split("=", 1)[1]
    form = urllib.parse.urlencode({"csrf": csrf, "username": name, "password": "not the password", "next": "/"})
    status, _, _ = client.request("POST", "/login", {
        "X-Forwarded-For": spoof, "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": f"cocktailbook_csrf={csrf}", "Origin": f"https://127.0.0.1:{client.port}",
    }, form)
    return status
