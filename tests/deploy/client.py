"""The deployed site as a client without a browser sees it: https through nginx, checked for real.

Requests go to nginx's ports on loopback, addressed as a phone addresses the
site (``Host: scorer.test``, the default ports); TLS is checked against the
run's own CA, for that name.
"""

from __future__ import annotations

import http.client
import socket
import ssl
from dataclasses import dataclass, field

from tests.deploy.topology import HOST, Certificate, Ports


@dataclass
class Answer:
    """An answer as it came: status, headers (all of them, in order) and body."""

    status: int
    headers: list[tuple[str, str]]
    body: bytes

    def header(self, name: str) -> str | None:
        """The first header of that name, or None."""
        return next((value for key, value in self.headers if key.lower() == name.lower()), None)

    def all(self, name: str) -> list[str]:
        """Every header of that name (Set-Cookie comes once per cookie)."""
        return [value for key, value in self.headers if key.lower() == name.lower()]

    @property
    def text(self) -> str:
        return self.body.decode(errors="replace")


@dataclass
class Site:
    """The deployed site as a client without a browser sees it: https through nginx."""

    certificate: Certificate
    ports: Ports
    context: ssl.SSLContext = field(init=False)

    def __post_init__(self) -> None:
        # The throwaway CA, and nothing else, is trusted: the certificate is checked for real.
        self.context = ssl.create_default_context(cafile=str(self.certificate.ca))

    @property
    def url(self) -> str:
        """The site's address as a phone has it: the default port (the browser maps it to nginx's)
        or nginx's own high port."""
        return self.ports.origin

    def tls_socket(self, timeout: float = 10) -> ssl.SSLSocket:
        """A TLS connection to nginx, checked against the CA for the name ``HOST``."""
        raw = socket.create_connection(("127.0.0.1", self.ports.https), timeout=timeout)
        return self.context.wrap_socket(raw, server_hostname=HOST)

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None, *, secure: bool = True,
                timeout: float = 10) -> Answer:
        """One request, over https (or plain http to the port-80 server), in ``timeout`` seconds."""
        # Addressed to the site's ports as a browser has them (the Host header says
        # scorer.test, with the port unless it is the default), connected to nginx's.
        connection: http.client.HTTPConnection
        if secure:
            connection = http.client.HTTPSConnection(HOST, self.ports.public_https, timeout=timeout,
                                                     context=self.context)
            connection.sock = self.tls_socket(timeout)
        else:
            connection = http.client.HTTPConnection(HOST, self.ports.public_http, timeout=timeout)
            connection.sock = socket.create_connection(("127.0.0.1", self.ports.http), timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return Answer(response.status, response.getheaders(), response.read())
        finally:
            connection.close()
