"""A push service of the tests' own (RFC 8030), standing in for a browser vendor's.

It makes subscriptions as a browser would (a P-256 key pair and a 16-byte auth secret), and
for every message POSTed to one it checks what a real push service and browser check: the
VAPID token (RFC 8292: ES256 signed by the key it names, audience the endpoint's origin,
expiry within 24 hours of --now, a subject) and the aes128gcm payload (RFC 8291), which it
decrypts with the subscription's private key. It answers each subscription's messages with
the statuses it was told, in turn (the last one again once they run out), and lists what it
received at GET /received.

    POST /subscriptions   {"answers": [201]} -> {"id", "endpoint", "keys": {"p256dh", "auth"}}
    POST /push/ID         a message; answered as told
    GET /received         [{"id", "status", "payload", "problems", "key"}]

Prints its port on the first line of standard output.
"""

import base64
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data):
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


NOW = float(sys.argv[sys.argv.index("--now") + 1]) if "--now" in sys.argv else time.time()
lock = threading.Lock()
subscriptions = {}
received = []


def vapid_problems(header, origin):
    """What is wrong with an `Authorization: vapid t=…, k=…` header; empty when nothing."""
    if not header or not header.startswith("vapid "):
        return ["no vapid Authorization header"], None
    params = dict(part.strip().split("=", 1) for part in header[len("vapid ") :].split(","))
    token, key = params.get("t"), params.get("k")
    if not token or not key:
        return ["the vapid header lacks t= or k="], key
    problems = []
    head, payload, signature = token.split(".")
    if json.loads(unb64url(head)).get("alg") != "ES256":
        problems.append("the token is not ES256")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    try:
        public.verify(der, f"{head}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        problems.append("the token's signature is not the named key's")
    claims = json.loads(unb64url(payload))
    if claims.get("aud") != origin:
        problems.append(f"aud is {claims.get('aud')!r}, not the endpoint's origin {origin!r}")
    expiry = claims.get("exp")
    if not isinstance(expiry, (int, float)) or not NOW < expiry <= NOW + 24 * 3600:
        problems.append(f"exp {expiry!r} is not within 24 hours of now {NOW}")
    if not claims.get("sub"):
        problems.append("no sub")
    return problems, key


class Handler(BaseHTTPRequestHandler):
    def answer(self, status, body=None, headers=()):
        data = json.dumps(body).encode() if body is not None else b""
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path == "/received":
            with lock:
                self.answer(200, received)
        else:
            self.answer(404)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path == "/subscriptions":
            answers = json.loads(body or b"{}").get("answers", [201])
            private = ec.generate_private_key(ec.SECP256R1())
            public = private.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
            auth = os.urandom(16)
            with lock:
                ident = str(len(subscriptions) + 1)
                subscriptions[ident] = {"private": private, "auth": auth, "answers": answers, "count": 0}
            port = self.server.server_address[1]
            self.answer(
                201,
                {
                    "id": ident,
                    "endpoint": f"http://127.0.0.1:{port}/push/{ident}",
                    "keys": {"p256dh": b64url(public), "auth": b64url(auth)},
                },
            )
        elif self.path.startswith("/push/"):
            ident = self.path[len("/push/") :]
            with lock:
                subscription = subscriptions.get(ident)
            if subscription is None:
                self.answer(404)
                return
            origin = f"http://127.0.0.1:{self.server.server_address[1]}"
            problems, key = vapid_problems(self.headers.get("Authorization"), origin)
            if self.headers.get("Content-Encoding") != "aes128gcm":
                problems.append("Content-Encoding is not aes128gcm")
            if not self.headers.get("TTL"):
                problems.append("no TTL")
            payload = None
            try:
                payload = http_ece.decrypt(
                    body, private_key=subscription["private"], auth_secret=subscription["auth"], version="aes128gcm"
                ).decode()
            except Exception as error:  # noqa: BLE001 - any failure to decrypt is the finding
                problems.append(f"cannot decrypt: {error!r}")
            with lock:
                answers = subscription["answers"]
                status = answers[min(subscription["count"], len(answers) - 1)]
                subscription["count"] += 1
                received.append(
                    {"id": ident, "status": status, "payload": payload, "problems": problems, "key": key}
                )
            self.answer(status, headers=[("Retry-After", "1")] if status == 429 else [])
        else:
            self.answer(404)

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
