"""The custom constraints Heat checks without a cloud, with Heat 27.0.1's semantics and messages.

Heat's generic constraints (``heat/engine/constraint/common_constraints.py``) run on every literal value of a
property or parameter that names them, when the stack is validated: an address that is no address fails before
any resource is created. They are written here with the libraries Heat itself uses (netaddr for addresses and
networks, croniter for cron, iso8601 for times, zoneinfo for time zones), so a value passes here exactly when it
passes in Heat. neutron-lib's two validators Heat calls (``validate_ip_address``, ``validate_subnet``) are a few
lines over netaddr, restated below.

Every other custom constraint (``nova.flavor``, ``glance.image``...) asks a service: it is not judged offline.

The three libraries are imported by the checks that use them, when a value first needs one (croniter alone takes
~20 ms to import, and most templates never name a cron expression).
"""

from __future__ import annotations

import datetime
import json
import re
import sys
import zoneinfo
from collections.abc import Callable
from typing import Any

# heat/common/netutils.py
FQDN_MAX_LEN = 255
_DNS_LABEL = re.compile("[a-z0-9-]{1,63}$")


class _Invalid(Exception):
    """A value the constraint refuses, with the reason Heat gives."""


def custom_failure(name: str, value: Any, now: datetime.datetime | None = None) -> str | None:
    """Heat's message for ``value`` failing the custom constraint ``name``; None when it passes or cannot be
    judged offline (a client-backed constraint, or a value that is not literal)."""
    check = _CHECKS.get(name)
    if check is None:
        return None
    try:
        check(value, now)
    except (AttributeError, TypeError) as crash:  # Heat's check crashes on a value of another type, and fails with that
        return str(crash)
    except _Invalid as problem:
        reason = str(problem)
        return f"Error validating value '{value}': {reason}" if reason else f"Error validating value '{value}'"
    return None


def checked_offline(name: str) -> bool:
    return name in _CHECKS


# -- the checks (each raises _Invalid with Heat's reason) ----------------------------------------------------


def _ip_address(data: Any) -> str | None:
    """neutron-lib validate_ip_address: None when ``data`` is an IP address written the canonical way."""
    import netaddr

    if not isinstance(data, str) or data != data.strip() or not data:
        return f"'{data}' is not a valid IP address"
    try:
        try:
            address = netaddr.IPAddress(data, flags=netaddr.core.ZEROFILL)
        except ValueError:
            address = netaddr.IPAddress(data)
    except (netaddr.AddrFormatError, ValueError, TypeError):
        return f"'{data}' is not a valid IP address"
    if ":" not in data and data.count(".") != 3:
        return f"'{data}' is not a valid IP address"
    if address.version == 4 and str(address) != data:
        return f"'{data}' is not an accepted IP address, '{address}' is recommended"
    return None


def _subnet(data: Any) -> str | None:
    """neutron-lib validate_subnet: None when ``data`` is a network in CIDR notation, written canonically."""
    import netaddr

    try:
        if not isinstance(data, str) or data != data.strip() or not data:
            raise ValueError
        network = netaddr.IPNetwork(data)
        if "/" not in data or (network.version == 4 and str(network) != data):
            raise ValueError
    except (netaddr.AddrFormatError, ValueError, TypeError):
        return f"'{data}' is not a valid IP subnet"
    return None


def _check_ip_addr(value: Any, now: datetime.datetime | None) -> None:
    if not isinstance(value, str) or _ip_address(value) is not None:
        raise _Invalid("Invalid IP address")


def _check_mac_addr(value: Any, now: datetime.datetime | None) -> None:
    import netaddr

    if not netaddr.valid_mac(value):
        raise _Invalid("Invalid MAC address.")


def _check_net_cidr(value: Any, now: datetime.datetime | None) -> None:
    import netaddr

    try:
        netaddr.IPNetwork(netaddr.cidr_abbrev_to_verbose(value))
    except Exception as problem:  # noqa: BLE001 - Heat catches everything here and shows it
        raise _Invalid(f"Invalid net cidr {problem} ") from None
    message = _subnet(value)
    if message is not None:
        raise _Invalid(message)


def _check_ip_or_cidr(value: Any, now: datetime.datetime | None) -> None:
    try:
        message = _subnet(value) if "/" in value else _ip_address(value)
    except TypeError:
        raise _Invalid(f"{value} is not a valid IP or CIDR") from None
    if message is not None:
        raise _Invalid(message)


def _dns_format(data: Any) -> None:
    """heat/common/netutils validate_dns_format."""
    if not data:
        return
    trimmed = data if not data.endswith(".") else data[:-1]
    if len(trimmed) > FQDN_MAX_LEN:
        raise ValueError(f"'{trimmed}' exceeds the {FQDN_MAX_LEN} character FQDN limit")
    names = trimmed.split(".")
    for name in names:
        if not name:
            raise ValueError("Encountered an empty component.")
        if name.endswith("-") or name.startswith("-"):
            raise ValueError(f"Name '{name}' must not start or end with a hyphen.")
        if not _DNS_LABEL.match(name):
            raise ValueError(
                f"Name '{name}' must be 1-63 characters long, each of which can only be alphanumeric or a hyphen."
            )
    if data.endswith(".") and len(names) > 1 and re.match("^[0-9]+$", names[-1]):
        raise ValueError(f"TLD '{names[-1]}' must not be all numeric.")


def _check_dns_name(value: Any, now: datetime.datetime | None) -> None:
    try:
        _dns_format(value)
    except ValueError as problem:
        raise _Invalid(f"'{value}' not in valid format. Reason: {problem}") from None


def _check_rel_dns_name(value: Any, now: datetime.datetime | None) -> None:
    if not value:
        return
    if value.endswith("."):
        raise _Invalid(f"'{value}' is a FQDN. It should be a relative domain name.")
    if len(value) > FQDN_MAX_LEN - 3:
        raise _Invalid(
            f"'{value}' contains '{len(value)}' characters. Adding a domain name will cause it to exceed the "
            f"maximum length of a FQDN of '{FQDN_MAX_LEN}'."
        )
    _check_dns_name(value, now)


def _check_dns_domain(value: Any, now: datetime.datetime | None) -> None:
    if not value:
        return
    _check_dns_name(value, now)
    if not value.endswith("."):
        raise _Invalid(f"'{value}' must end with '.'.")


def _parse_isotime(text: Any) -> datetime.datetime:
    """oslo.utils timeutils.parse_isotime: iso8601, a time without a zone read as UTC."""
    import iso8601

    try:
        return iso8601.parse_date(text)
    except (iso8601.ParseError, TypeError) as problem:
        raise ValueError(str(problem)) from None


def _check_iso_8601(value: Any, now: datetime.datetime | None) -> None:
    try:
        _parse_isotime(value)
    except Exception:  # noqa: BLE001 - Heat catches everything here
        raise _Invalid("") from None


def _check_expiration(value: Any, now: datetime.datetime | None) -> None:
    if not value:
        return
    try:
        expiration = _parse_isotime(value.strip()).astimezone(datetime.timezone.utc).replace(tzinfo=None)
        current = now or datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)
        if expiration > current:
            return
        raise ValueError("Expiration time is out of date.")
    except Exception as problem:  # noqa: BLE001 - Heat catches everything here and shows it
        raise _Invalid(f"Expiration {value} is invalid: {problem}") from None


def _check_cron_expression(value: Any, now: datetime.datetime | None) -> None:
    if not value:
        return
    croniter = _croniter()
    try:
        croniter.croniter(value)
    except Exception as problem:  # noqa: BLE001 - Heat catches everything here and shows it
        raise _Invalid(f"Invalid CRON expression: {problem}") from None


def _croniter() -> Any:
    """The croniter module. Its import asks ``platform.architecture()``, which runs the ``file`` program on the
    interpreter; the language server runs no program but its own yaql helper (tests/robustness/test_file_access.py),
    and the answer wanted, the interpreter's pointer size, needs none."""
    loaded = sys.modules.get("croniter")
    if loaded is not None:
        return loaded
    import platform
    import struct

    asked = platform.architecture
    platform.architecture = lambda *args, **kwargs: (f"{struct.calcsize('P') * 8}bit", "")  # type: ignore[assignment]
    try:
        import croniter
    finally:
        platform.architecture = asked  # type: ignore[assignment]
    return croniter


def _check_timezone(value: Any, now: datetime.datetime | None) -> None:
    if not value:
        return
    try:
        zoneinfo.ZoneInfo(value)
    except Exception as problem:  # noqa: BLE001 - Heat catches everything here and shows it
        raise _Invalid(f"Invalid timezone: {problem}") from None


def _check_json_string(value: Any, now: datetime.datetime | None) -> None:
    if not value:
        return
    try:
        json.loads(value)
    except json.JSONDecodeError as problem:
        raise _Invalid(f"JSON string {value} is invalid: {problem}") from None


_CHECKS: dict[str, Callable[[Any, datetime.datetime | None], None]] = {
    "ip_addr": _check_ip_addr,
    "mac_addr": _check_mac_addr,
    "net_cidr": _check_net_cidr,
    "ip_or_cidr": _check_ip_or_cidr,
    "dns_name": _check_dns_name,
    "rel_dns_name": _check_rel_dns_name,
    "dns_domain": _check_dns_domain,
    "iso_8601": _check_iso_8601,
    "expiration": _check_expiration,
    "cron_expression": _check_cron_expression,
    "timezone": _check_timezone,
    "json_string": _check_json_string,
}
