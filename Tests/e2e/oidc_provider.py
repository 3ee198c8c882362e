"""A small OpenID Connect provider for the sign-in tests, built on authlib's JOSE and PKCE code.

It serves discovery, JWKS, an authorization endpoint that signs in whoever the test names (no
login form: the test plays the person), a token endpoint that checks the client's secret, the
redirect URI, the PKCE verifier and that a code is used once, and an end-session endpoint. A test
can make it misbehave the way a hostile or broken provider would (`provider.tamper = ...`):
another nonce, audience or issuer in the ID token, an expired token, a signature by another key.
"""

from __future__ import annotations

import base64
import json
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote_plus, urlencode, urlparse

# authlib 1.9 warns (always) that this module will hand over to joserfc; it does all this needs.
from authlib.jose import JsonWebKey, jwt
from authlib.oauth2.rfc7636 import create_s256_code_challenge

CLIENT_ID = "cocktail-book"
CLIENT_SECRET = "a secret only the book knows"


class Provider:
    def __init__(self, redirect_uri: str):
        self.redirect_uri = redirect_uri
        self.key = JsonWebKey.generate_key("RSA", 2048, {"kid": "k1", "alg": "RS256", "use": "sig"}, is_private=True)
        # Same kid, another key: a token it signs must fail the signature check.
        self.impostor = JsonWebKey.generate_key("RSA", 2048, {"kid": "k1", "alg": "RS256"}, is_private=True)
        self.user: dict = {}
        self.tamper: str | None = None
        self.codes: dict[str, dict] = {}
        self.authorize_requests: list[dict] = []
        self.logouts: list[dict] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.issuer = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def discovery(self) -> dict:
        return {
            "issuer": self.issuer,
            "authorization_endpoint": self.issuer + "/authorize",
            "token_endpoint": self.issuer + "/token",
            "jwks_uri": self.issuer + "/jwks",
            "end_session_endpoint": self.issuer + "/logout",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "token_endpoint_auth_methods_supported": ["client_secret_basic"],
            "code_challenge_methods_supported": ["S256"],
        }

    def id_token(self, grant: dict) -> str:
        now = int(time.time())
        claims = {
            "iss": self.issuer, "sub": grant["user"]["sub"], "aud": CLIENT_ID, "iat": now, "exp": now + 300,
            "nonce": grant["nonce"], **{k: v for k, v in grant["user"].items() if k != "sub"},
        }
        key = self.key
        if self.tamper == "nonce":
            claims["nonce"] = secrets.token_hex(16)
        elif self.tamper == "audience":
            claims["aud"] = "another-application"
        elif self.tamper == "expired":
            claims["iat"], claims["exp"] = now - 900, now - 600
        elif self.tamper == "issuer":
            claims["iss"] = "https://impostor.example"
        elif self.tamper == "signature":
            key = self.impostor
        header = {"alg": "RS256", "kid": "k1"}
        return jwt.encode(header, claims, key).decode()

    def _handler(provider):  # noqa: N805 - the handler closes over the provider
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _json(self, status: int, body: dict) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _redirect(self, location: str) -> None:
                self.send_response(302)
                self.send_header("Location", location)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_GET(self):
                url = urlparse(self.path)
                query = {k: v[0] for k, v in parse_qs(url.query).items()}
                if url.path == "/.well-known/openid-configuration":
                    return self._json(200, provider.discovery())
                if url.path == "/jwks":
                    return self._json(200, {"keys": [provider.key.as_dict(is_private=False)]})
                if url.path == "/authorize":
                    provider.authorize_requests.append(query)
                    if (query.get("client_id") != CLIENT_ID or query.get("redirect_uri") != provider.redirect_uri
                            or query.get("response_type") != "code" or query.get("code_challenge_method") != "S256"):
                        return self._json(400, {"error": "invalid_request"})
                    code = secrets.token_urlsafe(24)
                    provider.codes[code] = {"user": dict(provider.user), "nonce": query.get("nonce"),
                                            "challenge": query["code_challenge"], "redirect_uri": query["redirect_uri"]}
                    state = query.get("state", "")
                    if provider.tamper == "state":
                        state = secrets.token_hex(32)
                    return self._redirect(provider.redirect_uri + "?" + urlencode({"code": code, "state": state}))
                if url.path == "/logout":
                    provider.logouts.append(query)
                    return self._redirect(query.get("post_logout_redirect_uri", provider.issuer))
                return self._json(404, {"error": "not_found"})

            def do_POST(self):
                url = urlparse(self.path)
                length = int(self.headers.get("Content-Length", "0"))
                form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
                if url.path != "/token":
                    return self._json(404, {"error": "not_found"})
                if _basic_credentials(self.headers.get("Authorization", "")) != (CLIENT_ID, CLIENT_SECRET):
                    return self._json(401, {"error": "invalid_client"})
                grant = provider.codes.pop(form.get("code", ""), None)  # a code works once
                if (grant is None or form.get("grant_type") != "authorization_code"
                        or form.get("redirect_uri") != grant["redirect_uri"]
                        or create_s256_code_challenge(form.get("code_verifier", "")) != grant["challenge"]):
                    return self._json(400, {"error": "invalid_grant"})
                return self._json(200, {"access_token": secrets.token_urlsafe(16), "token_type": "Bearer",
                                        "expires_in": 300, "id_token": provider.id_token(grant)})

        return Handler


def _basic_credentials(header: str) -> tuple[str, str] | None:
    """The client id and secret of an `Authorization: Basic` header, each form-decoded (RFC 6749, 2.3.1)."""
    if not header.startswith("Basic "):
        return None
    try:
        name, _, secret = base64.b64decode(header[6:]).decode().partition(":")
    except ValueError:
        return None
    return unquote_plus(name), unquote_plus(secret)
