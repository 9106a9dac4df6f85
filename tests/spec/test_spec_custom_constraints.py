"""Custom constraint names against facts §6."""

from hot_lsp.spec.custom_constraints import (
    CUSTOM_CONSTRAINTS,
    LEGACY_CUSTOM_CONSTRAINTS,
    OFFLINE_CHECKABLE,
    custom_constraint_service,
    nearest_custom_constraints,
)

GENERIC = {
    "cron_expression",
    "dns_domain",
    "dns_name",
    "expiration",
    "rel_dns_name",
    "ip_addr",
    "iso_8601",
    "mac_addr",
    "net_cidr",
    "ip_or_cidr",
    "test_constr",
    "timezone",
    "json_string",
}
PER_SERVICE = {
    "barbican": 2,
    "blazar": 1,
    "cinder": 5,
    "designate": 1,
    "glance": 1,
    "keystone": 7,
    "magnum": 1,
    "manila": 3,
    "mistral": 1,
    "neutron": 18,
    "nova": 5,
    "octavia": 8,
    "trove": 1,
    "zaqar": 1,
    "ironic": 2,
}


def test_exactly_seventy():
    assert len(CUSTOM_CONSTRAINTS) == 70


def test_generic_and_per_service_counts():
    assert set(CUSTOM_CONSTRAINTS) >= GENERIC
    counts: dict[str, int] = {}
    for name in CUSTOM_CONSTRAINTS:
        service = custom_constraint_service(name)
        if service is None:
            assert name in GENERIC
        else:
            counts[service] = counts.get(service, 0) + 1
    assert counts == PER_SERVICE


def test_offline_checkable():
    assert GENERIC - {"test_constr"} == OFFLINE_CHECKABLE
    assert set(CUSTOM_CONSTRAINTS) >= OFFLINE_CHECKABLE


def test_descriptions_present():
    assert all(text.strip() for text in CUSTOM_CONSTRAINTS.values())
    assert "flavor" in CUSTOM_CONSTRAINTS["nova.flavor"].lower()


def test_legacy_names_are_not_registered():
    for old, new in LEGACY_CUSTOM_CONSTRAINTS.items():
        assert old not in CUSTOM_CONSTRAINTS
        assert new == "" or new in CUSTOM_CONSTRAINTS


def test_nearest_custom_constraints():
    assert nearest_custom_constraints("nova.flavour")[0] == "nova.flavor"
    assert nearest_custom_constraints("designate.domain")[0] == "designate.zone"
    assert nearest_custom_constraints("Nova.Keypair")[0] == "nova.keypair"
    assert nearest_custom_constraints("ip_address")[0] == "ip_addr"
    assert nearest_custom_constraints("zzzzzz") == []
    assert len(nearest_custom_constraints("neutron.net", limit=2)) <= 2
