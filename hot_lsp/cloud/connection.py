"""Requests to the Heat of a cloud the user named, and nothing else.

The cloud comes from clouds.yaml, found and read by openstacksdk's own config loader, so an entry that works
with ``openstack --os-cloud NAME`` works here (Keystone auth, or ``auth_type: none`` with an
``orchestration_endpoint_override`` for a Heat without Keystone). Requests go through a keystoneauth adapter
for the orchestration service: it adds the token and finds the endpoint in the catalogue. openstacksdk's
``orchestration`` proxy is not used: it runs version discovery, which a bare Heat endpoint does not answer
(live-heat.md).

Every answer is read by ``answers.py``, which takes only Heat's shapes for answers; redirects are followed here.
Nothing here logs or prints credentials: messages name the cloud and the endpoint only.
"""

from __future__ import annotations

import errno
import http.client
import logging
import os
import socket
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin, urlsplit

from .answers import Asked, read_answer
from .errors import CloudError, HeatRefused, NoAnswer, NotHeat, first_line

__all__ = ["CloudError", "Heat", "HeatRefused", "NoAnswer", "NotHeat", "cloud_from_environment", "connect"]

INSTALL_HINT = "pip install 'hot-lsp[cloud]'"
DEFAULT_TIMEOUT = 60.0  # seconds per request when clouds.yaml sets no api_timeout; a large tree's validate takes a few
REDIRECTS = (301, 302, 303, 307, 308)
MAX_REDIRECTS = 30  # keystoneauth's own limit


def cloud_from_environment(named: str | None) -> str | None:
    """The cloud the user named: the option, else ``OS_CLOUD``, as openstackclient does; None for offline."""
    return named or os.environ.get("OS_CLOUD") or None


@dataclass
class Heat:
    """A cloud's orchestration API; paths are relative to its ``/v1/{project}`` endpoint."""

    cloud: str
    adapter: Any  # keystoneauth1.adapter.Adapter
    endpoint: str | None  # the override, when clouds.yaml gives one (else the catalogue decides)
    timeout: float = DEFAULT_TIMEOUT  # seconds per request (clouds.yaml's api_timeout)
    timeout_configured: bool = False  # whether clouds.yaml set it (messages say where it comes from)

    def ask(
        self,
        asked: Asked,
        method: str,
        path: str,
        *,
        body: Any = None,
        params: Mapping[str, Any] | None = None,
    ) -> Any:
        """Heat's answer to one request, checked against the shape Heat gives for ``asked`` (answers.py): the
        JSON object. HeatRefused when Heat refuses; NotHeat when the answer is not Heat's; NoAnswer when none came;
        CloudError for the rest."""
        response = self._send(asked, method, path, body, params)
        return read_answer(
            self.cloud, _origin(response.url), asked, response.status_code, response.content, response.headers
        )

    def _send(self, asked: Asked, method: str, path: str, body: Any, params: Mapping[str, Any] | None) -> Any:
        """The final response, redirects followed here (keystoneauth's own following cannot take a relative
        Location and hands back the last 3xx of a loop)."""
        response = self._one(method, path, body, dict(params or {}))
        where = _origin(response.url)
        seen = {response.url}
        while response.status_code in REDIRECTS and response.headers.get("Location"):
            if len(seen) > MAX_REDIRECTS:
                problem = f"it redirects in a loop (HTTP {response.status_code}, {MAX_REDIRECTS} redirects followed)"
                raise NotHeat(self.cloud, where, asked.words, problem)
            location = response.headers["Location"]
            target = _redirect_target(response.url, location)
            if target is None:
                problem = f"a redirect (HTTP {response.status_code}) to '{location[:100]}', which is not a web address"
                raise NotHeat(self.cloud, where, asked.words, problem)
            if target in seen:
                raise NotHeat(self.cloud, where, asked.words, f"it redirects in a loop (HTTP {response.status_code})")
            seen.add(target)
            if response.status_code == 303:
                method, body = "GET", None
            response = self._one(method, target, body, {})  # the Location carries its own query
        return response

    def _one(self, method: str, url: str, body: Any, params: dict[str, Any]) -> Any:
        from keystoneauth1 import exceptions as ks_exceptions

        try:
            return self.adapter.request(
                url,
                method,
                json=body,
                params=params,
                raise_exc=False,
                redirect=False,
                headers={"Accept": "application/json"},
            )
        except ks_exceptions.EndpointNotFound:
            raise CloudError(f"cloud '{self.cloud}' has no orchestration (Heat) endpoint in its catalogue") from None
        except ks_exceptions.Unauthorized:
            raise CloudError(f"cloud '{self.cloud}' refused the credentials in clouds.yaml") from None
        except ks_exceptions.ClientException as error:
            raise self._no_answer(error, url) from None

    def _no_answer(self, error: BaseException, url: str) -> CloudError:
        """What a failed request means to the user, read from the exceptions' types (never their text or names)."""
        from keystoneauth1 import exceptions as ks_exceptions

        causes = list(_causes(error))
        host = _host(_failed_url(causes) or (url if "://" in url else self.endpoint or ""))
        named = host or "its orchestration endpoint"

        def no_answer(reason: str, text: str) -> NoAnswer:
            return NoAnswer(self.cloud, host, reason, text)

        if any(isinstance(cause, (ks_exceptions.ConnectTimeout, TimeoutError, socket.timeout)) for cause in causes):
            source = " (api_timeout in clouds.yaml)" if self.timeout_configured else ""
            return no_answer("timeout", f"{named} did not answer within {self.timeout:g} s{source}")
        if any(isinstance(cause, ConnectionRefusedError) for cause in causes):
            return no_answer("refused", f"cannot reach {named}: connection refused")
        if any(isinstance(cause, socket.gaierror) for cause in causes):
            return no_answer("unresolved", f"cannot reach {named}: the host name does not resolve")
        closed = (ConnectionResetError, ConnectionAbortedError, BrokenPipeError, http.client.HTTPException)
        if any(isinstance(cause, closed) for cause in causes):
            return no_answer("closed", f"the connection to {named} was closed before Heat answered")
        unreachable = (errno.EHOSTUNREACH, errno.ENETUNREACH)
        if any(isinstance(cause, OSError) and cause.errno in unreachable for cause in causes):
            return no_answer("unreachable", f"cannot reach {named}: no route to the host")
        if isinstance(error, ks_exceptions.SSLError):
            return CloudError(f"cloud '{self.cloud}': the TLS connection to {named} failed (its certificate?)")
        if isinstance(error, ks_exceptions.ConnectFailure):
            return no_answer("unreachable", f"cannot reach {named}")
        if isinstance(error, ks_exceptions.UnknownConnectionError):
            return CloudError(f"cloud '{self.cloud}': '{url[:100]}' is not a web address it can ask (clouds.yaml?)")
        # keystoneauth's own errors (auth, discovery) are worded for users; its class name is not.
        return CloudError(f"cloud '{self.cloud}': {first_line(str(error))[:200] or 'the request failed'}")


def connect(cloud: str, *, timeout: float | None = None) -> Heat:
    """The named clouds.yaml entry's Heat; CloudError when the extra is missing or the entry is wrong. Requests
    wait ``timeout`` seconds, else the entry's ``api_timeout`` (openstacksdk's key), else DEFAULT_TIMEOUT."""
    try:
        from keystoneauth1 import adapter
        from openstack import exceptions as sdk_exceptions
        from openstack.config import loader
    except ImportError:
        raise CloudError(f"--os-cloud needs the cloud extra: {INSTALL_HINT}") from None
    try:
        region = loader.OpenStackConfig().get_one(cloud=cloud)
        session = region.get_session()
    except (sdk_exceptions.ConfigException, KeyError, ValueError) as error:
        raise CloudError(f"cloud '{cloud}': {first_line(str(error)) or 'not usable'} (clouds.yaml)") from None
    configured = _api_timeout(region.config.get("api_timeout"))
    session.timeout = timeout or configured or DEFAULT_TIMEOUT
    # keystoneauth logs requests at DEBUG (auth bodies included) and its own retries as warnings; whatever logging
    # the host set up, none of it may reach a log file, the terminal or an editor's output panel: every failure
    # comes back as one CloudError line.
    for name in ("keystoneauth", "keystoneauth1", "openstack"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    endpoint = region.get_endpoint("orchestration")
    heat_adapter = adapter.Adapter(
        session=session,
        service_type="orchestration",
        interface=region.get_interface("orchestration"),
        region_name=region.get_region_name("orchestration"),
        endpoint_override=endpoint,
        connect_retries=0,
    )
    return Heat(cloud, heat_adapter, endpoint, session.timeout, timeout is None and configured is not None)


def _api_timeout(value: Any) -> float | None:
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        return None
    return seconds if seconds > 0 else None


def _redirect_target(current: str, location: str) -> str | None:
    """The absolute URL a Location names (relative ones resolved as HTTP says), None when it names no web page."""
    try:
        target = urljoin(current, location.strip())
        parts = urlsplit(target)
    except ValueError:
        return None
    return target if parts.scheme in ("http", "https") and parts.hostname else None


def _origin(url: str) -> str:
    """``scheme://host:port`` of a URL: never its path, query or any user information."""
    try:
        parts = urlsplit(url)
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return ""
    return f"{parts.scheme}://{parts.hostname}{port}" if parts.scheme and parts.hostname else ""


def _host(url: str) -> str:
    return _origin(url).split("://", 1)[-1]


def _causes(error: BaseException) -> Iterator[BaseException]:
    """The error and everything it wraps: causes, contexts, and the errors requests and urllib3 keep in their
    arguments and ``reason``."""
    pending: list[object] = [error]
    seen: list[BaseException] = []
    while pending:
        found = pending.pop()
        if not isinstance(found, BaseException) or any(found is known for known in seen):
            continue
        seen.append(found)
        yield found
        pending += [found.__cause__, found.__context__, getattr(found, "reason", None), *found.args]


def _failed_url(causes: list[BaseException]) -> str:
    """The URL a wrapped requests error was sending to (keystoneauth's own message repeats it with more)."""
    for cause in causes:
        request = getattr(cause, "request", None)
        url = getattr(request, "url", None)
        if isinstance(url, str) and "://" in url:
            return url
    return ""
