"""The load generator's keep-alive HTTP/1.1 client against a scripted server on 127.0.0.1.

The server answers each request with the next of its scripted answers (raw bytes), so each
test states exactly how the body is framed and when the connection ends.
"""

import asyncio
import contextlib

import pytest

from bench.http11 import Pool, ProtocolError

JSON_OK = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n"


class ScriptedServer:
    """Answers request after request from `answers`, then stays silent; `close_after` ends a
    connection after that many answers. Records each request and how many connections came."""

    def __init__(self, answers: list[bytes], close_after: int | None = None) -> None:
        self.answers = answers
        self.close_after = close_after
        self.requests: list[tuple[bytes, bytes]] = []
        self.connections = 0

    async def handle(self, reader, writer) -> None:
        self.connections += 1
        with contextlib.suppress(asyncio.IncompleteReadError, ConnectionError):
            served = 0
            while served != self.close_after:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.lower().split(b"\r\n"):
                    if line.startswith(b"content-length:"):
                        length = int(line.split(b":")[1])
                self.requests.append((head, await reader.readexactly(length)))
                if not self.answers:
                    await reader.read()  # silent until the client goes
                    break
                writer.write(self.answers.pop(0))
                await writer.drain()
                served += 1
        writer.close()


@pytest.fixture
async def serve():
    servers = []

    async def start(answers: list[bytes], close_after: int | None = None):
        script = ScriptedServer(answers, close_after)
        server = await asyncio.start_server(script.handle, "127.0.0.1", 0)
        servers.append(server)
        port = server.sockets[0].getsockname()[1]
        return script, Pool(port, size=4, timeout=5)

    yield start
    for server in servers:
        server.close()
        await server.wait_closed()


async def test_it_keeps_the_connection_for_the_next_request(serve):
    script, pool = await serve([JSON_OK + b'{"a": true}', JSON_OK + b'{"b": true}'])
    assert await pool.request("GET", "/one", b"X-Seat: 1\r\n") == (200, b'{"a": true}')
    assert await pool.request("GET", "/two", b"") == (200, b'{"b": true}')
    assert script.connections == 1
    head, body = script.requests[0]
    assert head.startswith(b"GET /one HTTP/1.1\r\nHost: 127.0.0.1:")
    assert b"\r\nX-Seat: 1\r\n" in head
    assert body == b""
    pool.close()


async def test_it_sends_a_body_with_its_length(serve):
    script, pool = await serve([JSON_OK + b'{"a": true}'])
    await pool.request("POST", "/moves", b"", b'{"move": {}}')
    head, body = script.requests[0]
    assert b"\r\nContent-Length: 12\r\n" in head
    assert b"\r\nContent-Type: application/json\r\n" in head
    assert body == b'{"move": {}}'
    pool.close()


async def test_it_reads_a_chunked_body_with_extensions_and_trailers(serve):
    chunked = (
        b"HTTP/1.1 409 Conflict\r\nTransfer-Encoding: chunked\r\n\r\n"
        b'5;name=x\r\n{"cod\r\n6\r\ne": 1}\r\n0\r\nX-Trailer: yes\r\n\r\n'
    )
    script, pool = await serve([chunked, JSON_OK + b'{"b": true}'])
    assert await pool.request("GET", "/", b"") == (409, b'{"code": 1}')
    assert await pool.request("GET", "/", b"") == (200, b'{"b": true}')
    assert script.connections == 1
    pool.close()


async def test_it_reads_a_body_framed_by_the_end_of_the_connection(serve):
    _script, pool = await serve([b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nall of it"], 1)
    assert await pool.request("GET", "/", b"") == (200, b"all of it")
    assert pool.idle == []
    pool.close()


async def closed_by_the_server(connection, seconds: float = 5.0) -> None:
    """Wait (bounded) until the server's close of a kept connection has reached it."""
    reader, _writer = connection
    deadline = asyncio.get_running_loop().time() + seconds
    while not reader.at_eof():
        assert asyncio.get_running_loop().time() < deadline, "the server never closed it"
        await asyncio.sleep(0.005)


async def test_it_opens_a_new_connection_when_the_server_closed_the_kept_one(serve):
    script, pool = await serve([JSON_OK + b'{"a": true}', JSON_OK + b'{"b": true}'], 1)
    assert await pool.request("GET", "/", b"") == (200, b'{"a": true}')
    await closed_by_the_server(pool.idle[0])
    assert await pool.request("GET", "/", b"") == (200, b'{"b": true}')
    assert script.connections == 2
    pool.close()


async def test_it_retries_once_when_a_kept_connection_ends_without_an_answer(serve):
    script, pool = await serve([JSON_OK + b'{"a": true}', JSON_OK + b'{"b": true}'], 1)
    assert await pool.request("GET", "/", b"") == (200, b'{"a": true}')
    await closed_by_the_server(pool.idle[0])
    reader, writer = pool.idle[0]
    # As if the close came in just after the connection was taken: the request goes out on it.
    reader.at_eof = writer.is_closing = lambda: False
    assert await pool.request("GET", "/", b"") == (200, b'{"b": true}')
    assert script.connections == 2
    pool.close()


async def test_it_gives_up_after_its_timeout(serve):
    _script, pool = await serve([])  # accepts, never answers
    pool.timeout = 0.1
    with pytest.raises(TimeoutError):
        await pool.request("GET", "/", b"")
    pool.close()


async def test_it_refuses_what_is_not_http(serve):
    _script, pool = await serve([b"SSH-2.0-OpenSSH\r\n\r\n"])
    with pytest.raises(ProtocolError):
        await pool.request("GET", "/", b"")
    pool.close()
