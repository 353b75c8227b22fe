#!/usr/bin/env python3
"""A push service on loopback, for tests: it stands where a browser vendor's service would.

It makes a subscription the way a browser does (a P-256 key pair and a 16-byte auth secret,
written as `PushSubscription.toJSON()` writes them), then takes each message posted to the
subscription's endpoint as a real push service and the browser behind it would: it checks the
VAPID token (RFC 8292), decrypts the `aes128gcm` body (RFC 8291 over RFC 8188), and writes what it
found, accepted or refused, as one JSON line. It is written from the RFCs alone, with the
`cryptography` package, so that it checks the server's Swift code rather than repeating it.

    push_receiver.py serve --folder DIR [--tls-cert PEM --tls-key PEM]
                           [--server-key BASE64URL] [--status 201]

writes DIR/subscription.json, appends to DIR/records.jsonl, and prints one line,
`Listening on <origin>`, once it is ready. `POST /control/answers` with a JSON list such as
`[{"status": 429, "retryAfter": 3}, {"status": 410}]` sets what the next messages are answered
(in turn; then `--status` again). `push_receiver.py check-rfc8291` decrypts RFC 8291's own
example and exits 0 when it reads back.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import json
import secrets
import ssl
import struct
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

try:
    from cryptography.exceptions import InvalidSignature, InvalidTag
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
except ImportError:  # pragma: no cover - what a machine without the venv sees
    sys.exit(
        "push_receiver.py needs the cryptography package: run it with .build-api/venv/bin/python "
        "(Scripts/install-deps installs it there)."
    )

# RFC 8030 §7.2: a push service must take 4096 bytes of body; this one takes no more.
MAXIMUM_BODY = 4096
# RFC 8292 §2: a token's expiry is at most 24 hours away.
MAXIMUM_TOKEN_LIFETIME = 24 * 60 * 60
URGENCIES = {"very-low", "low", "normal", "high"}


class Refusal(Exception):
    """A message this service would not deliver: the status it answers and why."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str, what: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError) as error:
        raise Refusal(401, f"{what} is not base64url: {error}") from error


def public_bytes(key: ec.EllipticCurvePublicKey) -> bytes:
    """The uncompressed point (0x04 || x || y), as browsers and VAPID write P-256 keys."""
    numbers = key.public_numbers()
    return b"\x04" + numbers.x.to_bytes(32, "big") + numbers.y.to_bytes(32, "big")


def hkdf(salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


@dataclass
class Subscription:
    """What a browser keeps for one subscription: its private key and its auth secret."""

    private_key: ec.EllipticCurvePrivateKey
    auth_secret: bytes

    @staticmethod
    def new() -> Subscription:
        return Subscription(ec.generate_private_key(ec.SECP256R1()), secrets.token_bytes(16))

    @property
    def public_key(self) -> bytes:
        return public_bytes(self.private_key.public_key())

    def to_json(self, endpoint: str) -> dict[str, Any]:
        """The shape of `PushSubscription.toJSON()` in a browser."""
        return {
            "endpoint": endpoint,
            "expirationTime": None,
            "keys": {
                "p256dh": b64url_encode(self.public_key),
                "auth": b64url_encode(self.auth_secret),
            },
        }

    def decrypt(self, body: bytes) -> bytes:
        """The plaintext of an `aes128gcm` push message (RFC 8188 §2, RFC 8291 §3-4)."""
        # The header: salt (16), record size (uint32), key id length (1), key id.
        if len(body) < 21:
            raise Refusal(400, f"the body is {len(body)} bytes, shorter than its header")
        salt = body[:16]
        (record_size,) = struct.unpack(">I", body[16:20])
        id_length = body[20]
        if record_size < 18:
            raise Refusal(400, f"the record size {record_size} is below RFC 8188's 18")
        # RFC 8291 §4: the key id is the sender's ephemeral key, an uncompressed P-256 point.
        if id_length != 65:
            raise Refusal(400, f"the key id is {id_length} bytes, not a 65-byte P-256 key")
        sender_key_bytes = body[21:86]
        records = body[86:]
        # RFC 8291 §4: a push message is one record.
        if len(records) > record_size:
            raise Refusal(400, f"the body holds more than one record of {record_size} bytes")
        if len(records) < 17:
            raise Refusal(400, "the record is shorter than AES-GCM's tag and a delimiter")
        try:
            sender_key = ec.EllipticCurvePublicKey.from_encoded_point(
                ec.SECP256R1(), sender_key_bytes
            )
        except ValueError as error:
            raise Refusal(400, f"the key id is not a P-256 point: {error}") from error

        # RFC 8291 §3.3-3.4: the shared secret, mixed with the auth secret and both public keys.
        ecdh_secret = self.private_key.exchange(ec.ECDH(), sender_key)
        key_info = b"WebPush: info\x00" + self.public_key + sender_key_bytes
        ikm = hkdf(self.auth_secret, ecdh_secret, key_info, 32)
        # RFC 8188 §2.2-2.3: the content key and the nonce, from the salt.
        cek = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
        nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)
        try:
            padded = AESGCM(cek).decrypt(nonce, records, None)
        except InvalidTag as error:
            raise Refusal(
                400, "the body does not decrypt (AES-GCM's tag does not match)"
            ) from error
        # RFC 8188 §2: the plaintext, a delimiter (2 for the last record), then zeros.
        content = padded.rstrip(b"\x00")
        if not content or content[-1] != 2:
            raise Refusal(400, "the record does not end with the last record's delimiter 0x02")
        return content[:-1]


@dataclass
class VerifiedToken:
    header: dict[str, Any]
    claims: dict[str, Any]
    public_key: str


def verify_vapid(
    authorization: str | None, origin: str, expected_key: str | None, now: float
) -> VerifiedToken:
    """Checks `Authorization: vapid t=<JWT>, k=<key>` as RFC 8292 §3-4 has a push service do."""
    if authorization is None:
        raise Refusal(401, "no Authorization header")
    scheme, _, rest = authorization.strip().partition(" ")
    if scheme.lower() != "vapid":
        raise Refusal(401, f"the Authorization scheme is {scheme!r}, not vapid")
    parameters: dict[str, str] = {}
    for part in rest.split(","):
        name, equals, value = part.strip().partition("=")
        if not equals:
            raise Refusal(401, f"the Authorization parameter {part.strip()!r} has no value")
        parameters[name.strip().lower()] = value.strip()
    token = parameters.get("t")
    key_text = parameters.get("k")
    if token is None or key_text is None:
        raise Refusal(401, "the Authorization header lacks t= or k=")
    if expected_key is not None and key_text != expected_key:
        raise Refusal(403, "the token's key k= is not the server key this subscription expects")
    try:
        public_key = ec.EllipticCurvePublicKey.from_encoded_point(
            ec.SECP256R1(), b64url_decode(key_text, "k=")
        )
    except ValueError as error:
        raise Refusal(401, f"k= is not a P-256 public key: {error}") from error

    parts = token.split(".")
    if len(parts) != 3:
        raise Refusal(401, f"the token has {len(parts)} parts, not a JWS's 3")
    try:
        header = json.loads(b64url_decode(parts[0], "the JWT header"))
        claims = json.loads(b64url_decode(parts[1], "the JWT claims"))
    except json.JSONDecodeError as error:
        raise Refusal(401, f"a JWT part is not JSON: {error}") from error
    if not isinstance(header, dict) or not isinstance(claims, dict):
        raise Refusal(401, "a JWT part is not a JSON object")
    if header.get("alg") != "ES256":
        raise Refusal(401, f"the JWT's alg is {header.get('alg')!r}, not ES256")
    if header.get("typ", "JWT") != "JWT":
        raise Refusal(401, f"the JWT's typ is {header.get('typ')!r}")
    # RFC 7518 §3.4: an ES256 signature is r || s, 32 bytes each.
    signature = b64url_decode(parts[2], "the JWT signature")
    if len(signature) != 64:
        raise Refusal(401, f"the signature is {len(signature)} bytes, not ES256's 64")
    der = encode_dss_signature(
        int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    )
    try:
        public_key.verify(der, f"{parts[0]}.{parts[1]}".encode("ascii"), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature as error:
        raise Refusal(401, "the JWT's signature does not verify with k=") from error

    if claims.get("aud") != origin:
        raise Refusal(401, f"the token's aud {claims.get('aud')!r} is not this origin {origin!r}")
    expiry = claims.get("exp")
    if not isinstance(expiry, int) or isinstance(expiry, bool):
        raise Refusal(401, f"the token's exp {expiry!r} is not a number of seconds")
    if expiry <= now:
        raise Refusal(401, f"the token expired at {expiry}, before now ({int(now)})")
    if expiry > now + MAXIMUM_TOKEN_LIFETIME:
        raise Refusal(401, f"the token's exp {expiry} is more than 24 hours after {int(now)}")
    subject = claims.get("sub")
    if not isinstance(subject, str) or not subject.startswith(("mailto:", "https:")):
        raise Refusal(401, f"the token's sub {subject!r} is not a mailto: or https: contact")
    return VerifiedToken(header=header, claims=claims, public_key=key_text)


@dataclass
class Answer:
    status: int
    retry_after: int | None = None


@dataclass
class Receiver:
    """The service's state: its subscription, where it records, and what it answers next."""

    subscription: Subscription
    origin: str
    path: str
    records: Path
    default_status: int
    expected_key: str | None
    answers: list[Answer] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def next_answer(self) -> Answer:
        with self.lock:
            return self.answers.pop(0) if self.answers else Answer(self.default_status)

    def record(self, entry: dict[str, Any]) -> None:
        line = json.dumps(entry, sort_keys=True) + "\n"
        with self.lock, self.records.open("a", encoding="utf-8") as file:
            file.write(line)


class Handler(BaseHTTPRequestHandler):
    server_version = "push-receiver"
    protocol_version = "HTTP/1.1"
    # Seconds a connection may sit idle or trickle: a test's stalled client frees its thread.
    timeout = 30
    receiver: Receiver

    def do_POST(self) -> None:
        if self.path == "/control/answers":
            self.set_answers()
        elif self.path == self.receiver.path:
            self.take_message()
        else:
            self.answer(404, f"no subscription at {self.path}")

    def set_answers(self) -> None:
        try:
            items = json.loads(self.read_body())
            answers = [Answer(int(i["status"]), i.get("retryAfter")) for i in items]
        except (Refusal, ValueError, KeyError, TypeError) as error:
            self.answer(400, f"cannot read the answers: {error}")
            return
        with self.receiver.lock:
            self.receiver.answers = answers
        self.answer(204, "")

    def read_body(self) -> bytes:
        length_text = self.headers.get("Content-Length")
        if length_text is None:
            raise Refusal(411, "no Content-Length")
        length = int(length_text)
        if length > MAXIMUM_BODY:
            raise Refusal(413, f"the body is {length} bytes; at most {MAXIMUM_BODY} are taken")
        return self.rfile.read(length)

    def take_message(self) -> None:
        receiver = self.receiver
        headers = {name: value for name, value in self.headers.items()}
        entry: dict[str, Any] = {"receivedAt": time.time(), "headers": headers}
        try:
            body = self.read_body()
            entry["bodyLength"] = len(body)
            token = verify_vapid(
                self.headers.get("Authorization"),
                receiver.origin,
                receiver.expected_key,
                time.time(),
            )
            entry["jwt"] = {"header": token.header, "claims": token.claims, "k": token.public_key}
            self.check_headers()
            plaintext = receiver.subscription.decrypt(body)
        except Refusal as refusal:
            entry.update(accepted=False, status=refusal.status, reason=refusal.reason)
            receiver.record(entry)
            self.answer(refusal.status, refusal.reason)
            return
        entry["plaintext"] = plaintext.decode("utf-8", errors="replace")
        try:
            entry["json"] = json.loads(plaintext)
        except ValueError:
            entry["json"] = None
        # A message the service takes is delivered, whatever the test has it answer.
        answer = receiver.next_answer()
        entry.update(accepted=True, status=answer.status)
        receiver.record(entry)
        extra = {} if answer.retry_after is None else {"Retry-After": str(answer.retry_after)}
        self.answer(answer.status, "", extra)

    def check_headers(self) -> None:
        """RFC 8030 §5.2-5.3 and RFC 8291 §4: the headers a push service requires."""
        encoding = self.headers.get("Content-Encoding")
        if encoding != "aes128gcm":
            raise Refusal(415, f"Content-Encoding is {encoding!r}, not aes128gcm")
        ttl = self.headers.get("TTL")
        if ttl is None or not ttl.isdigit():
            raise Refusal(400, f"TTL is {ttl!r}, not a number of seconds")
        urgency = self.headers.get("Urgency", "normal")
        if urgency not in URGENCIES:
            raise Refusal(400, f"Urgency {urgency!r} is none of {sorted(URGENCIES)}")

    def answer(self, status: int, reason: str, extra: dict[str, str] | None = None) -> None:
        body = json.dumps({"reason": reason}).encode() if reason else b""
        # A refused request's body may be unread: the connection cannot carry another.
        self.close_connection = status >= 400
        self.send_response(status)
        for name, value in (extra or {}).items():
            self.send_header(name, value)
        if status == 201:
            self.send_header("Location", f"{self.receiver.origin}/message/{secrets.token_hex(8)}")
        self.send_header("Content-Length", str(len(body)))
        if body:
            self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        sys.stderr.write(f"{self.address_string()} {format % args}\n")


def serve(arguments: argparse.Namespace) -> None:
    folder = Path(arguments.folder)
    folder.mkdir(parents=True, exist_ok=True)
    tls = arguments.tls_cert is not None
    if tls != (arguments.tls_key is not None):
        sys.exit("give --tls-cert and --tls-key together")
    server = ThreadingHTTPServer((arguments.host, arguments.port), Handler)
    if tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(arguments.tls_cert, arguments.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    port = server.server_address[1]
    host = f"[{arguments.host}]" if ":" in arguments.host else arguments.host
    origin = f"{'https' if tls else 'http'}://{host}:{port}"
    path = f"/push/{secrets.token_urlsafe(12)}"
    subscription = Subscription.new()
    Handler.receiver = Receiver(
        subscription=subscription,
        origin=origin,
        path=path,
        records=folder / "records.jsonl",
        default_status=arguments.status,
        expected_key=arguments.server_key,
    )
    (folder / "records.jsonl").touch()
    # Written whole, then renamed, so a test never reads half a subscription.
    written = folder / "subscription.json.partial"
    written.write_text(json.dumps(subscription.to_json(origin + path)), encoding="utf-8")
    written.replace(folder / "subscription.json")
    print(f"Listening on {origin}", flush=True)
    server.serve_forever()


def check_rfc8291() -> None:
    """Decrypts RFC 8291 §5's example with Appendix A's user agent keys."""
    private = int.from_bytes(b64url_decode("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94", "key"))
    subscription = Subscription(
        ec.derive_private_key(private, ec.SECP256R1()), b64url_decode("BTBZMqHH6r4Tts7J_aSIgg", "")
    )
    body = b64url_decode(
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmY"
        "WAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSg"
        "Sxsj_Qulcy4a-fN",
        "body",
    )
    plaintext = subscription.decrypt(body)
    if plaintext != b"When I grow up, I want to be a watermelon":
        sys.exit(f"RFC 8291's example decrypted to {plaintext!r}")
    print("ok RFC 8291 example decrypts")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    serving = commands.add_parser("serve", help="make a subscription and take its messages")
    serving.add_argument("--folder", required=True, help="for subscription.json, records.jsonl")
    serving.add_argument("--host", default="127.0.0.1")
    serving.add_argument("--port", type=int, default=0)
    serving.add_argument("--tls-cert", help="PEM certificate (signed by the test's CA)")
    serving.add_argument("--tls-key", help="PEM private key of --tls-cert")
    serving.add_argument("--server-key", help="the VAPID public key (base64url) to insist on")
    serving.add_argument("--status", type=int, default=201, help="the answer to a good message")
    commands.add_parser("check-rfc8291", help="decrypt RFC 8291's example")
    arguments = parser.parse_args()
    if arguments.command == "serve":
        serve(arguments)
    else:
        check_rfc8291()


if __name__ == "__main__":
    main()
