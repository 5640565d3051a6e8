"""The request body as the app reads it: a body whose framing the server refuses is the client's error.

Werkzeug takes an ``OSError`` (or ``ValueError``) while the body is read for
a client gone or a body cut short, and answers 400. A WSGI server may refuse
a body's framing with an error of its own instead: gunicorn raises its
``InvalidChunkSize`` for a chunked body whose chunk size is no number, and
``ChunkMissingTerminator`` or ``InvalidChunkExtension`` for other broken
chunks. Unhandled, those made a 500 (and the client, still sending, a broken
pipe). The middleware hands the app a body that says them as ``OSError``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed.wsgi import InputStream, StartResponse, WSGIApplication, WSGIEnvironment

T = TypeVar("T")


class UnreadableBody(OSError):
    """The server could not read the request's body as it was framed."""


class ClientBody:
    """The server's ``wsgi.input``, its own errors while reading raised as :class:`UnreadableBody`."""

    def __init__(self, stream: InputStream) -> None:
        self._stream = stream

    def _read(self, how: Callable[..., T], *args: Any) -> T:
        try:
            return how(*args)
        except (OSError, ValueError):  # what werkzeug already takes for a broken body
            raise
        except Exception as error:
            raise UnreadableBody(f"the request body could not be read: {error}") from error

    def read(self, *args: Any) -> bytes:
        return self._read(self._stream.read, *args)

    def readline(self, *args: Any) -> bytes:
        return self._read(self._stream.readline, *args)

    def readlines(self, *args: Any) -> list[bytes]:
        return self._read(self._stream.readlines, *args)

    def __iter__(self) -> Iterator[bytes]:
        return self

    def __next__(self) -> bytes:
        line = self.readline()
        if not line:
            raise StopIteration
        return line


class ReadableBodies:
    """WSGI middleware: the app reads every request body as a :class:`ClientBody`."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        stream = environ.get("wsgi.input")
        if stream is not None:
            environ["wsgi.input"] = ClientBody(stream)
        return self.app(environ, start_response)
