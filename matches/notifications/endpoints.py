"""Web Push endpoints are URLs a client hands us and the server then POSTs to: guarded.

An endpoint must be ``https`` and its host must resolve only to public addresses (not
loopback, private, link-local, shared, reserved or multicast), unless
``NOTIFY_ALLOW_LOCAL_ENDPOINTS`` (on by default only in debug: ``make run``'s embedded
mode, so that a local push service works in development and in the tests). It is
checked when a device is added (:func:`check_endpoint`) and again on every send, on the
very address the connection is made to (:class:`GuardedBackend`), so a name that later
resolves somewhere private (DNS rebinding) reaches nothing.
"""

from __future__ import annotations

import ipaddress
import socket
import ssl
import typing
from urllib.parse import urlsplit

import httpcore
import httpx
from django.conf import settings


class EndpointRefused(ValueError):
    """An endpoint the server will not send to; the message says why."""


def allow_local() -> bool:
    return bool(getattr(settings, "NOTIFY_ALLOW_LOCAL_ENDPOINTS", False))


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def addresses(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to. Raises EndpointRefused when it resolves to
    none, or to one that is not public (unless local endpoints are allowed)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise EndpointRefused(f"the push service's host does not resolve: {exc}") from None
    found = list(dict.fromkeys(str(info[4][0]) for info in infos))
    if not found:
        raise EndpointRefused("the push service's host does not resolve")
    if not allow_local():
        for address in found:
            if not _public(address):
                raise EndpointRefused(
                    "the push endpoint resolves to a loopback, private or link-local address"
                )
    return found


def check_endpoint(url: str) -> None:
    """Raises EndpointRefused unless ``url`` is an endpoint the server may POST to."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise EndpointRefused("the push endpoint is not a URL") from None
    if parts.scheme != "https" and not (parts.scheme == "http" and allow_local()):
        raise EndpointRefused("the push endpoint must be an https URL")
    if not parts.hostname or parts.username or parts.password:
        raise EndpointRefused("the push endpoint needs a host (and no user or password)")
    addresses(parts.hostname, port or (443 if parts.scheme == "https" else 80))


class RefusedAddress(httpcore.ConnectError):
    """Raised instead of connecting to an address the guard refuses."""


# What an HTTP exchange through httpcore may raise besides RefusedAddress: the network,
# a timeout, a broken exchange (each is worth a retry).
NETWORK_ERRORS: tuple[type[Exception], ...] = (
    httpx.HTTPError,
    httpcore.NetworkError,
    httpcore.TimeoutException,
    httpcore.ProtocolError,
    httpcore.ConnectionNotAvailable,
)


class GuardedBackend(httpcore.SyncBackend):
    """httpcore's network backend, connecting only to an address :func:`addresses`
    allows (TLS still checks the certificate against the URL's host name)."""

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: typing.Iterable[httpcore.SOCKET_OPTION] | None = None,
    ) -> httpcore.NetworkStream:
        try:
            allowed = addresses(host, port)
        except EndpointRefused as exc:
            raise RefusedAddress(str(exc)) from None
        return super().connect_tcp(allowed[0], port, timeout, local_address, socket_options)


class GuardedTransport(httpx.BaseTransport):
    """An httpx transport over an httpcore pool with the :class:`GuardedBackend`.

    httpx's own transport takes no network backend, so this is its ``handle_request``
    written again on httpcore's public API (httpcore errors are left as they are: the
    Web Push channel treats any of them as a network failure)."""

    def __init__(self, *, timeout: float = 10.0) -> None:
        self._pool = httpcore.ConnectionPool(
            ssl_context=ssl.create_default_context(),
            network_backend=GuardedBackend(),
            max_connections=20,
            keepalive_expiry=30.0,
        )
        self._timeout = timeout

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        timeout = self._timeout
        extensions = dict(request.extensions)
        extensions.setdefault(
            "timeout", {"connect": timeout, "read": timeout, "write": timeout, "pool": timeout}
        )
        response = self._pool.request(
            request.method,
            httpcore.URL(
                scheme=request.url.raw_scheme,
                host=request.url.raw_host,
                port=request.url.port,
                target=request.url.raw_path,
            ),
            headers=request.headers.raw,
            content=request.read(),
            extensions=extensions,
        )
        return httpx.Response(
            status_code=response.status,
            headers=response.headers,
            content=response.content,
            extensions=response.extensions,
        )

    def close(self) -> None:
        self._pool.close()
