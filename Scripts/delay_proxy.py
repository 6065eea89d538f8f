#!/usr/bin/env python3
"""An HTTP proxy on loopback that puts a network's round trip between a client and a server, as
a reverse proxy (nginx, Apache) across the internet stands in front of a CardDAV server, and
fails the requests it is told to. Used by Scripts/send-compare.py (the round trip) and by
PeopleSyncFaultsTests (the faults, through Tests/TestSupport/FaultProxy.swift).

- A new connection waits one round trip before its first request is read (its handshake).
- Each request waits half a round trip on its way in, its answer half a round trip on its way
  out: a request on a kept connection is answered one round trip later than the server answers.
- Connections from the client are kept alive (HTTP/1.1), as such a proxy keeps them, while each
  request goes to the server on a connection of its own, as nginx sends it by default; Radicale's
  own server answers in HTTP/1.0 and closes every connection after its answer.

Requests carry their body with Content-Length (curl and vdirsyncer send them so); answers are read
to the server's close, and sent on with their Content-Length.

With `--faults FILE`, each request takes the first line of FILE (and removes it) as what to do
with it; an empty or missing FILE passes every request:
- `pass`: sent to the server and answered, as without the file;
- `cut`: sent to the server, whose answer goes back with its head and half its body (half its
  status line, when it has no body: curl takes a head cut after its status line for a whole
  answer), and the connection is closed: the server did the request; its answer is lost on the
  way;
- `500`, `503`: answered so by the proxy, with a short text body; the server never sees it;
- `stall`: read and never answered, until the client gives up and closes the connection.

    python3 Scripts/delay_proxy.py --target 127.0.0.1:5232 [--round-trip-ms 50] [--port 0]
                                   [--count-file FILE] [--faults FILE]

Prints the port it listens on (on 127.0.0.1), one line, then serves until SIGTERM. With
`--count-file`, writes there the number of client connections taken so far, at each new one."""
import argparse
import asyncio
import os
import signal
import sys


async def read_message_head(reader):
    """The head of the next message (up to the blank line), or None at the end of the connection."""
    try:
        return await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, ConnectionError):
        return None


def header(head, name):
    """The value of header `name` in `head` (bytes), or None."""
    for line in head.split(b"\r\n")[1:]:
        key, _, value = line.partition(b":")
        if key.strip().lower() == name:
            return value.strip()
    return None


def answer_kept_alive(answer):
    """The server's whole answer as HTTP/1.1 with its Content-Length, its connection kept."""
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = lines[0].split(b" ", 1)
    lines[0] = b"HTTP/1.1 " + (status[1] if len(status) > 1 else b"502 Bad Gateway")
    kept = [line for line in lines[1:]
            if line.split(b":", 1)[0].strip().lower() not in (b"connection", b"content-length", b"keep-alive")]
    return b"\r\n".join([lines[0]] + kept + [b"Content-Length: %d" % len(body), b"", b""]) + body


def next_fault(path):
    """The first line of the file at `path`, removed from it; "pass" when there is none."""
    if not path:
        return "pass"
    try:
        with open(path) as source:
            lines = source.read().splitlines()
    except FileNotFoundError:
        return "pass"
    if not lines:
        return "pass"
    with open(path + ".next", "w") as rest:
        rest.write("".join(line + "\n" for line in lines[1:]))
    os.replace(path + ".next", path)
    return lines[0].strip() or "pass"


def refusal(status):
    """An answer of `status` made by the proxy, as an overloaded or failing server sends one."""
    reason = {500: b"Internal Server Error", 503: b"Service Unavailable"}.get(status, b"Error")
    body = b"the server failed (a fault of the test's proxy)\n"
    return (b"HTTP/1.1 %d %s\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n"
            % (status, reason, len(body))) + body


class Proxy:
    def __init__(self, host, port, round_trip, count_file, faults=None):
        self.host, self.port, self.round_trip, self.count_file = host, port, round_trip, count_file
        self.faults = faults
        self.connections = 0

    async def serve(self, reader, writer):
        self.connections += 1
        if self.count_file:
            with open(self.count_file, "w") as out:
                out.write(f"{self.connections}\n")
        try:
            await asyncio.sleep(self.round_trip)   # the handshake
            while True:
                head = await read_message_head(reader)
                if head is None:
                    break
                length = int(header(head, b"content-length") or 0)
                body = await reader.readexactly(length) if length else b""
                await asyncio.sleep(self.round_trip / 2)   # on its way in
                fault = next_fault(self.faults)
                if fault == "stall":
                    await reader.read()   # until the client closes
                    break
                if fault in ("500", "503"):
                    writer.write(refusal(int(fault)))
                    await writer.drain()
                    continue
                server_reader, server_writer = await asyncio.open_connection(self.host, self.port)
                server_writer.write(head + body)
                await server_writer.drain()
                answer = await server_reader.read()   # to the server's close
                server_writer.close()
                await asyncio.sleep(self.round_trip / 2)   # on its way out
                whole = answer_kept_alive(answer)
                if fault == "cut":
                    kept_head, _, kept_body = whole.partition(b"\r\n\r\n")
                    status_line = kept_head.split(b"\r\n")[0]
                    writer.write(kept_head + b"\r\n\r\n" + kept_body[:len(kept_body) // 2] if kept_body
                                 else status_line[:len(status_line) // 2])
                    await writer.drain()
                    break
                writer.write(whole)
                await writer.drain()
                if (header(head, b"connection") or b"").lower() == b"close":
                    break
        except (asyncio.CancelledError, asyncio.IncompleteReadError, ConnectionError, OSError):
            pass
        finally:
            writer.close()


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--target", required=True, help="HOST:PORT of the server")
    parser.add_argument("--round-trip-ms", type=float, default=50.0)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--count-file")
    parser.add_argument("--faults", help="a file whose lines say what to do with each request")
    args = parser.parse_args()
    host, port = args.target.rsplit(":", 1)
    proxy = Proxy(host, int(port), args.round_trip_ms / 1000, args.count_file, args.faults)
    server = await asyncio.start_server(proxy.serve, "127.0.0.1", args.port)
    print(server.sockets[0].getsockname()[1], flush=True)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    server.close()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
