"""Requests to the Heat of a cloud the user named, and nothing else.

The cloud comes from clouds.yaml, found and read by openstacksdk's own config loader, so an entry that works
with ``openstack --os-cloud NAME`` works here (Keystone auth, or ``auth_type: none`` with an
``orchestration_endpoint_override`` for a Heat without Keystone). Requests go through a keystoneauth adapter
for the orchestration service: it adds the token and finds the endpoint in the catalogue. openstacksdk's
``orchestration`` proxy is not used: it runs version discovery, which a bare Heat endpoint does not answer
(live-heat.md).

Nothing here logs or prints credentials: messages name the cloud and the endpoint only.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

INSTALL_HINT = "pip install 'hot-lsp[cloud]'"
DEFAULT_TIMEOUT = 60.0  # seconds per request; Heat's validate of a large tree takes a few


class CloudError(Exception):
    """The cloud could not be asked: one line that says which cloud and why."""


class HeatRefused(CloudError):
    """Heat answered with an error status; its own error type and message are kept for placing them."""

    def __init__(self, cloud: str, status: int, error_type: str, message: str) -> None:
        self.cloud = cloud
        self.status = status
        self.error_type = error_type
        self.heat_message = message
        named = f"{error_type}: " if error_type else ""
        super().__init__(f"cloud '{cloud}': Heat answered HTTP {status}: {named}{first_line(message)}")


def first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""


def cloud_from_environment(named: str | None) -> str | None:
    """The cloud the user named: the option, else ``OS_CLOUD``, as openstackclient does; None for offline."""
    return named or os.environ.get("OS_CLOUD") or None


@dataclass
class Heat:
    """A cloud's orchestration API; paths are relative to its ``/v1/{project}`` endpoint."""

    cloud: str
    adapter: Any  # keystoneauth1.adapter.Adapter
    endpoint: str | None  # the override, when clouds.yaml gives one (else the catalogue decides)

    def request(self, method: str, path: str, *, body: Any = None, params: Mapping[str, Any] | None = None) -> Any:
        from keystoneauth1 import exceptions as ks_exceptions

        where = self.endpoint or "its orchestration endpoint"
        try:
            response = self.adapter.request(
                path,
                method,
                json=body,
                params=dict(params or {}),
                raise_exc=False,
                headers={"Accept": "application/json"},
            )
        except ks_exceptions.ConnectTimeout:
            raise CloudError(f"cloud '{self.cloud}': {where} did not answer in time") from None
        except ks_exceptions.ConnectFailure as error:
            raise CloudError(
                f"cloud '{self.cloud}': cannot reach {_target(error) or where}: {_reason(error)}"
            ) from None
        except ks_exceptions.EndpointNotFound:
            raise CloudError(f"cloud '{self.cloud}' has no orchestration (Heat) endpoint in its catalogue") from None
        except ks_exceptions.Unauthorized:
            raise CloudError(f"cloud '{self.cloud}' refused the credentials in clouds.yaml") from None
        except ks_exceptions.ClientException as error:
            raise CloudError(f"cloud '{self.cloud}': {error.__class__.__name__}: {_reason(error)}") from None
        if response.status_code >= 400:
            raise _refusal(self.cloud, response)
        if response.status_code == 204 or not response.content:
            return None
        try:
            return response.json()
        except ValueError:
            raise CloudError(f"cloud '{self.cloud}': {where} answered something that is not JSON") from None

    def get(self, path: str, **params: Any) -> Any:
        return self.request("GET", path, params=params)

    def post(self, path: str, body: Any) -> Any:
        return self.request("POST", path, body=body)

    def put(self, path: str, body: Any) -> Any:
        return self.request("PUT", path, body=body)

    def delete(self, path: str) -> Any:
        return self.request("DELETE", path)


def connect(cloud: str, *, timeout: float = DEFAULT_TIMEOUT) -> Heat:
    """The named clouds.yaml entry's Heat; CloudError when the extra is missing or the entry is wrong."""
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
    session.timeout = timeout
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
    return Heat(cloud=cloud, adapter=heat_adapter, endpoint=endpoint)


def _refusal(cloud: str, response: Any) -> CloudError:
    """Heat's error document (``{"error": {"type", "message"}, "title", "explanation"}``) kept as it said it."""
    error_type, message = "", ""
    try:
        document = response.json()
    except ValueError:
        document = None
    if isinstance(document, dict):
        error = document.get("error")
        if isinstance(error, dict):
            error_type = str(error.get("type") or "")
            message = str(error.get("message") or "")
        message = message or str(document.get("explanation") or document.get("title") or "")
    if not message:
        message = response.reason or ""
    if response.status_code == 401:
        return CloudError(f"cloud '{cloud}' refused the credentials (HTTP 401)")
    if response.status_code == 403:
        return CloudError(f"cloud '{cloud}' forbids this request (HTTP 403): {first_line(message)}")
    return HeatRefused(cloud, response.status_code, error_type, message)


_URL = re.compile(r"(https?://[^\s/:]+(?::\d+)?)")


def _target(error: BaseException) -> str:
    """The scheme, host and port keystoneauth could not reach (Keystone or Heat): never a path or a query."""
    found = _URL.search(str(error))
    return found.group(1) if found else ""


def _reason(error: BaseException) -> str:
    # keystoneauth wraps requests' error, whose text repeats the URL and a pool object; keep the last reason.
    text = str(error)
    for marker in ("Connection refused", "Name or service not known", "No route to host", "timed out"):
        if marker in text:
            return marker.lower() if marker != "Connection refused" else "connection refused"
    return first_line(text)[:200]
