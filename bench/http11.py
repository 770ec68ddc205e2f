"""A small keep-alive HTTP/1.1 client on asyncio streams, for the load generator.

Why not httpx: the load generator shares the machine's cores with the servers it measures, and
httpx's layers and pool bookkeeping cost it about a millisecond of CPU per request. This client
does only what the load generator needs: one loopback port per pool, persistent connections
(reopened when the server has closed one), request bodies with Content-Length, and answers
framed by Content-Length, by chunked encoding, or by the end of the connection.
"""

import asyncio

MAX_BODY = 16 * 1024 * 1024  # a view is tens of kilobytes; anything this big is a fault

Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter]


class ProtocolError(Exception):
    """The answer is not HTTP/1.x as this client reads it."""


class StaleConnection(Exception):
    """A kept-alive connection ended before any answer: the server closed it while idle."""


class Pool:
    """Persistent connections to 127.0.0.1:`port`.

    At most `size` are open at once (a request waits for a free one), and every request,
    that wait included, ends within `timeout` seconds or raises TimeoutError.
    """

    def __init__(self, port: int, *, size: int, timeout: float) -> None:
        self.port = port
        self.host_line = f"Host: 127.0.0.1:{port}\r\n".encode()
        self.timeout = timeout
        self.slots = asyncio.Semaphore(size)
        self.idle: list[Connection] = []

    async def request(
        self,
        method: str,
        path: str,
        headers: bytes,
        body: bytes | None = None,
        content_type: str = "application/json",
    ) -> tuple[int, bytes]:
        """`(status, body)` of one request. `headers` are whole `Name: value\\r\\n` lines; a
        `body` is sent as `content_type` (JSON unless said) with its Content-Length."""
        message = self.message(method, path, headers, body, content_type)
        async with asyncio.timeout(self.timeout), self.slots:
            connection = self.idle_connection()
            if connection is not None:
                try:
                    return await self.exchange(connection, message, reused=True)
                except StaleConnection:
                    pass
            return await self.exchange(await self.connect(), message, reused=False)

    def message(
        self,
        method: str,
        path: str,
        headers: bytes,
        body: bytes | None,
        content_type: str = "application/json",
    ) -> bytes:
        start = f"{method} {path} HTTP/1.1\r\n".encode() + self.host_line + headers
        if body is None:
            return start + b"\r\n"
        length = f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n"
        return start + length.encode() + body

    def idle_connection(self) -> Connection | None:
        """The most recently used open connection, dropping those the server has closed."""
        while self.idle:
            reader, writer = self.idle.pop()
            if not reader.at_eof() and not writer.is_closing():
                return reader, writer
            writer.close()
        return None

    async def connect(self) -> Connection:
        return await asyncio.open_connection("127.0.0.1", self.port)

    async def exchange(self, connection: Connection, message: bytes, *, reused: bool):
        reader, writer = connection
        try:
            writer.write(message)
            status, body, keep = await read_response(reader, reused=reused)
        except BaseException:
            writer.close()
            raise
        if keep:
            self.idle.append(connection)
        else:
            writer.close()
        return status, body

    def close(self) -> None:
        while self.idle:
            self.idle.pop()[1].close()


async def read_response(reader: asyncio.StreamReader, *, reused: bool) -> tuple[int, bytes, bool]:
    """`(status, body, keep_alive)` of the next answer on `reader`."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as exc:
        if reused and not exc.partial:
            raise StaleConnection from exc
        raise
    except ConnectionError as exc:
        if reused:
            raise StaleConnection from exc
        raise
    status, keep, length, chunked = parse_head(head)
    if status < 200 or status in (204, 304):
        return status, b"", keep
    if chunked:
        return status, await read_chunked(reader), keep
    if length is not None:
        return status, await reader.readexactly(length), keep
    return status, await read_to_end(reader), False


def parse_head(head: bytes) -> tuple[int, bool, int | None, bool]:
    """`(status, keep_alive, content_length, chunked)` from a status line and header lines.

    Only the three headers that frame the body are looked up (a Django answer has a dozen).
    """
    end = head.find(b"\r\n")
    version, _, rest = head[:end].partition(b" ")
    if not version.startswith(b"HTTP/1.") or not rest[:3].isdigit():
        raise ProtocolError(f"not an HTTP/1.x status line: {head[:80]!r}")
    fields = head[end:].lower()
    keep = version == b"HTTP/1.1" and header(fields, b"connection") != b"close"
    coding = header(fields, b"transfer-encoding")
    if coding is not None and coding != b"chunked":
        raise ProtocolError(f"transfer-encoding {coding[:40]!r} is not understood")
    length = header(fields, b"content-length")
    return int(rest[:3]), keep, None if length is None else body_length(length), coding is not None


def header(fields: bytes, name: bytes) -> bytes | None:
    """The value of header `name` in `fields` (lower-cased lines, each after a CRLF), if any."""
    start = fields.find(b"\r\n" + name + b":")
    if start < 0:
        return None
    start += len(name) + 3
    return fields[start : fields.find(b"\r\n", start)].strip()


def body_length(value: bytes) -> int:
    if not value.isdigit() or int(value) > MAX_BODY:
        raise ProtocolError(f"bad Content-Length {value[:20]!r}")
    return int(value)


async def read_chunked(reader: asyncio.StreamReader) -> bytes:
    """A chunked body: hex size lines, chunks, a zero chunk, then trailer lines we ignore."""
    parts, total = [], 0
    while True:
        size_line = (await reader.readuntil(b"\r\n")).split(b";", 1)[0].strip()
        try:
            size = int(size_line, 16)
        except ValueError:
            raise ProtocolError(f"bad chunk size {size_line[:20]!r}") from None
        if size == 0:
            break
        total += size
        if size < 0 or total > MAX_BODY:
            raise ProtocolError("chunked body too large")
        chunk = await reader.readexactly(size + 2)
        if chunk[-2:] != b"\r\n":
            raise ProtocolError("chunk not followed by CRLF")
        parts.append(chunk[:-2])
    while await reader.readuntil(b"\r\n") != b"\r\n":
        pass
    return b"".join(parts)


async def read_to_end(reader: asyncio.StreamReader) -> bytes:
    """A body framed by the server closing the connection."""
    parts, total = [], 0
    while chunk := await reader.read(65536):
        total += len(chunk)
        if total > MAX_BODY:
            raise ProtocolError("body too large")
        parts.append(chunk)
    return b"".join(parts)
