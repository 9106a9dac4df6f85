"""Example values that pass Heat's checks, for what the server writes where an empty value would be refused (a
skeleton's placeholder, a quick fix's value): one per custom constraint Heat checks offline, one per pattern a
property of the catalogue has. ``tests/spec/test_spec_examples.py`` holds that each passes its own check and that
no offline constraint or catalogue pattern lacks one.
"""

from __future__ import annotations

# One value per custom constraint Heat checks without a cloud (``OFFLINE_CHECKABLE``); documentation addresses
# (RFC 5737, example.org) so an example is never someone's real address.
CUSTOM_CONSTRAINT_EXAMPLES: dict[str, str] = {
    "ip_addr": "192.0.2.10",
    "mac_addr": "fa:16:3e:00:00:01",
    "net_cidr": "10.0.0.0/24",
    "ip_or_cidr": "192.0.2.0/24",
    "iso_8601": "2030-01-01T00:00:00Z",
    "expiration": "2030-01-01T00:00:00Z",
    "cron_expression": "0 0 * * *",
    "timezone": "UTC",
    "dns_name": "www.example.org",
    "dns_domain": "example.org.",
    "rel_dns_name": "www",
    "json_string": "{}",
}

# One value per ``allowed_pattern`` of the catalogue's properties.
PATTERN_EXAMPLES: dict[str, str] = {
    r"\d{4}-\d{2}-\d{2}\s\d{2}:\d{2}": "2030-01-01 00:00",
    "/dev/vd[b-z]": "/dev/vdb",
    r"[a-zA-Z0-9_\-]+[a-zA-Z0-9_@?#\s\-]*[a-zA-Z0-9_\-]+": "my_name",
    r"[a-zA-Z0-9_]+[a-zA-Z0-9_@?#\s]*[a-zA-Z0-9_]+": "my_name",
    r"^([0-9]+(-[0-9]+)?)(,([0-9]+(-[0-9]+)?))*$": "0-3",
    r"^([0-9a-fA-F]){8}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){4}-([0-9a-fA-F]){12}$": (
        "00000000-0000-0000-0000-000000000000"
    ),
}
