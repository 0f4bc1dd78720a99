#!/usr/bin/env python3
"""A real HTTPS server on 127.0.0.1 for the tests of the https transport (TLSTestServer.swift
starts it; standard library only, so any python3 on a CI machine runs it).

    python3 tls-server.py CERT KEY
    python3 tls-server.py --not-tls   (a plain HTTP 400 to every connection)
    python3 tls-server.py --proxy LOG (a CONNECT proxy that records what it is sent in LOG;
                                       see ConnectProxy)

Listens on a free port, prints exactly one line, `port N`, to stdout, and serves until it is
killed or its stdin reaches end of file (so it dies with the test process that holds the pipe).
Every answer is HTTP/1.1 with `Connection: close`, one request per connection:

    /hello     200 JSON {"greeting": "hello over tls"}, ETag "7", Content-Length
    /chunked   200, the same body in three chunks (Transfer-Encoding: chunked)
    /big       200, 2,000,000 bytes of "x" with Content-Length, in 64 KiB writes
    /redirect  302 to /hello
    /redirect?to=URL  302 to URL (percent-decoded once), whatever it holds
    /echo      200 JSON {"method", "path", "headers" (lower-cased names), "body" (as text)}
    /stream    200, one chunked line, then silence until the client hangs up
    /until-close  200, the /hello body without a length, ended by close_notify and the close
    /cut       the same, but the TCP connection is closed with no close_notify
    other      404

A connection that fails (a client that rejects the certificate, one that hangs up mid-answer)
ends quietly and the server goes on; only unexpected errors reach stderr.
"""

import base64
import http.server
import urllib.parse
import json
import os
import signal
import socket
import socketserver
import ssl
import sys
import threading
import traceback

HELLO = json.dumps({"greeting": "hello over tls"}).encode()
BIG_SIZE = 2_000_000
PIECE = 64 * 1024
# How long a connection may stall (handshake, reading, writing) before it is dropped.
CONNECTION_TIMEOUT = 10


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = CONNECTION_TIMEOUT

    def log_message(self, format, *args):
        pass  # no per-request logging: stdout carries only the port line

    def serve(self):
        self.close_connection = True
        length = int(self.headers.get("Content-Length") or 0)
        # Read the body on every path: unread bytes would make the close a reset.
        body = self.rfile.read(length) if length > 0 else b""
        path = self.path
        if path == "/hello":
            self.answer(200, HELLO, [("Content-Type", "application/json"), ("ETag", '"7"')])
        elif path == "/chunked":
            self.chunked(HELLO)
        elif path == "/big":
            self.big()
        elif path == "/redirect":
            self.answer(302, b"moved to /hello\n", [("Location", "/hello"),
                                                     ("Content-Type", "text/plain")])
        elif path.startswith("/redirect?to="):
            location = urllib.parse.unquote(path[len("/redirect?to="):])
            self.answer(302, b"moved\n", [("Location", location),
                                          ("Content-Type", "text/plain")])
        elif path == "/stream":
            # One line now, then nothing until the client hangs up: what a real-time stream
            # looks like between messages.
            self.start(200, [("Content-Type", "text/event-stream"),
                             ("Transfer-Encoding", "chunked")])
            line = b'{"latestTemplateVersionNumber": 7}\n'
            self.wfile.write(b"%x\r\n%s\r\n" % (len(line), line))
            self.wfile.flush()
            self.connection.settimeout(CONNECTION_TIMEOUT)
            try:
                self.connection.recv(1)  # returns when the client closes
            except OSError:
                pass
        elif path == "/until-close":
            # A body that runs to the connection's end, which a close_notify marks as whole.
            self.start(200, [("Content-Type", "application/json")])
            self.wfile.write(HELLO)
        elif path == "/cut":
            # The same body, then the connection's end without a close_notify: as an attacker
            # who cuts the TCP connection would leave it.
            self.start(200, [("Content-Type", "application/json")])
            self.wfile.write(HELLO)
            self.wfile.flush()
            self.server.cut(self.connection)
        elif path == "/echo":
            headers = {}
            for name, value in self.headers.items():
                name = name.lower()
                headers[name] = headers[name] + ", " + value if name in headers else value
            echo = {"method": self.command, "path": path, "headers": headers,
                    "body": body.decode("utf-8", errors="replace")}
            self.answer(200, json.dumps(echo).encode(), [("Content-Type", "application/json")])
        else:
            self.answer(404, b"no such path\n", [("Content-Type", "text/plain")])

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_HEAD = serve

    def start(self, status, headers):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()

    def answer(self, status, body, headers):
        self.start(status, headers + [("Content-Length", str(len(body)))])
        if self.command != "HEAD":
            self.wfile.write(body)

    def chunked(self, body):
        self.start(200, [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")])
        if self.command == "HEAD":
            return
        third = len(body) // 3
        for chunk in (body[:third], body[third:2 * third], body[2 * third:]):
            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        self.wfile.write(b"0\r\n\r\n")

    def big(self):
        self.start(200, [("Content-Type", "application/octet-stream"),
                         ("Content-Length", str(BIG_SIZE))])
        if self.command == "HEAD":
            return
        piece = b"x" * PIECE
        left = BIG_SIZE
        while left > 0:
            # A client that stops at its size limit hangs up: the OSError ends the connection.
            self.wfile.write(piece[:min(PIECE, left)])
            left -= PIECE


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    # TCPServer, not HTTPServer: HTTPServer.server_bind looks up the host's name, which can
    # take seconds on a badly configured machine.
    daemon_threads = True
    request_queue_size = 128

    def __init__(self, context):
        self.context = context
        super().__init__(("127.0.0.1", 0), Handler)

    def finish_request(self, request, client_address):
        # The handshake runs here, on the connection's own thread, so a slow or failing one
        # never holds up accepting the next connection.
        request.settimeout(CONNECTION_TIMEOUT)
        try:
            connection = self.context.wrap_socket(request, server_side=True)
        except (OSError, ValueError):
            return  # the client rejected the certificate, or hung up: expected
        try:
            Handler(connection, client_address, self)
            try:
                connection.settimeout(1)
                connection.unwrap()  # close_notify, so the client sees a clean end
            except (OSError, ValueError):
                pass
        except (OSError, ValueError):
            pass  # the client hung up mid-answer (/big past its limit): expected
        except Exception:
            traceback.print_exc(file=sys.stderr)
        finally:
            connection.close()

    def cut(self, connection):
        """Closes the connection's socket under TLS, so no close_notify is sent."""
        raw = socket.socket(fileno=os.dup(connection.fileno()))
        raw.shutdown(socket.SHUT_RDWR)
        raw.close()

    def handle_error(self, request, client_address):
        traceback.print_exc(file=sys.stderr)


class NotTLSServer(Server):
    """`--not-tls`: answers every connection at once with a plain HTTP 400, as a server on the
    wrong port would, whatever the client sends."""

    def finish_request(self, request, client_address):
        try:
            request.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n"
                            b"Connection: close\r\n\r\n")
        except OSError:
            pass
        finally:
            request.close()


PROXY_AUTHORIZATION = "Basic " + base64.b64encode(b"tester:proxy-secret").decode()


class ConnectProxy(Server):
    """`--proxy LOG`: an HTTP proxy that tunnels CONNECT requests carrying
    `Proxy-Authorization` for tester:proxy-secret (407 without it, 405 for any other method),
    relaying every tunnel to 127.0.0.1 at the port asked for, whatever the host: so a name
    only the proxy knows (`proxied.test`) reaches the test server.

    Every byte a connection sends before its tunnel opens (its head, and anything smuggled
    after it) is appended to LOG as one JSON string per line (bytes as latin-1), before the
    proxy answers: once a client has the answer, the log holds what it sent."""

    def __init__(self, log):
        super().__init__(None)
        self.log = log
        self.log_lock = threading.Lock()

    def record(self, received):
        with self.log_lock, open(self.log, "a", encoding="utf-8") as log:
            log.write(json.dumps(received.decode("latin-1")) + "\n")

    def finish_request(self, request, client_address):
        request.settimeout(CONNECTION_TIMEOUT)
        head = b""
        try:
            while b"\r\n\r\n" not in head:
                piece = request.recv(4096)
                if not piece:
                    break
                head += piece
            if head:
                self.record(head)
            if b"\r\n\r\n" not in head:
                return
            lines = head.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
            method, target, _ = lines[0].split(" ", 2)
            fields = {}
            for line in lines[1:]:
                name, _, value = line.partition(":")
                fields[name.strip().lower()] = value.strip()
            if method != "CONNECT":
                request.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
                return
            if fields.get("proxy-authorization") != PROXY_AUTHORIZATION:
                request.sendall(b"HTTP/1.1 407 Proxy Authentication Required\r\n"
                                b"Proxy-Authenticate: Basic realm=\"test\"\r\n"
                                b"Content-Length: 0\r\n\r\n")
                return
            port = int(target.rsplit(":", 1)[1])
            upstream = socket.create_connection(("127.0.0.1", port), timeout=CONNECTION_TIMEOUT)
            request.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
            relay(request, upstream)
        except (OSError, ValueError, IndexError):
            pass
        finally:
            request.close()


def relay(one, other):
    """Copies bytes both ways until either side closes."""
    def pump(source, sink):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                sink.sendall(data)
        except OSError:
            pass
        finally:
            try:
                sink.shutdown(socket.SHUT_WR)
            except OSError:
                pass
    thread = threading.Thread(target=pump, args=(other, one), daemon=True)
    thread.start()
    pump(one, other)
    thread.join(CONNECTION_TIMEOUT)
    other.close()


def exit_at_end_of_stdin():
    try:
        while os.read(0, 65536):
            pass
    except OSError:
        pass
    os._exit(0)


def main():
    if sys.argv[1:] != ["--not-tls"] and len(sys.argv) != 3:
        print("usage: tls-server.py CERT KEY | tls-server.py --not-tls | "
              "tls-server.py --proxy LOG", file=sys.stderr)
        sys.exit(2)
    # A process spawned from a thread that blocks signals (Foundation's Process run on a
    # Dispatch or Swift concurrency thread) inherits that mask, and SIGTERM would never land.
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
    if sys.argv[1] == "--not-tls":
        server = NotTLSServer(None)
    elif sys.argv[1] == "--proxy":
        server = ConnectProxy(sys.argv[2])
    else:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        context.set_alpn_protocols(["http/1.1"])
        server = Server(context)
    threading.Thread(target=exit_at_end_of_stdin, daemon=True).start()
    sys.stdout.write("port %d\n" % server.server_address[1])
    sys.stdout.flush()
    server.serve_forever()


if __name__ == "__main__":
    main()
