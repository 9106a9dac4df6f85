"""The shipped Heat releases: every release's catalogue rebuilt from the shipped data is, byte for byte, the file
tools/gen_resource_catalogue.py wrote from that release's own Heat (its sha256 recorded in
heat_release_digests.json); the names a release is chosen by; the merge patches; and that nothing reads the older
releases' data unless one is chosen."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from hot_lsp.spec import merge_patch
from hot_lsp.spec.catalogue_sources import load_catalogue
from hot_lsp.spec.heat_releases import NEWEST, RELEASES, SHIPPED_VERSIONS, find_release, valid_values
from hot_lsp.spec.release_catalogues import CHAIN_PATH, added_after, release_catalogue, release_text
from hot_lsp.spec.resource_types import BUILTIN_PATH, release_source

DIGESTS = json.loads((Path(__file__).parent / "heat_release_digests.json").read_text(encoding="utf-8"))


def test_a_digest_is_recorded_for_every_shipped_release():
    assert list(DIGESTS) == list(SHIPPED_VERSIONS)


@pytest.mark.parametrize("version", SHIPPED_VERSIONS)
def test_the_shipped_data_rebuilds_the_generators_file(version: str):
    assert hashlib.sha256(release_text(version).encode("utf-8")).hexdigest() == DIGESTS[version]


def test_the_newest_is_the_built_in_file_itself():
    assert release_text(NEWEST.version) == BUILTIN_PATH.read_text(encoding="utf-8")


def test_the_chain_is_small():
    # The older releases ship as patches: whole files would add about 11 MB installed.
    assert CHAIN_PATH.stat().st_size < 250_000


@pytest.mark.parametrize(
    ("spelling", "version"),
    [
        ("wallaby", "16.1.0"),
        ("Wallaby", "16.1.0"),
        ("zed", "19.0.2"),
        ("2023.1", "20.0.1"),
        ("antelope", "20.0.1"),
        ("20.0.1", "20.0.1"),
        ("bobcat", "21.0.1"),
        ("caracal", "22.0.1"),
        ("dalmatian", "23.0.0"),
        ("Epoxy", "24.1.2"),
        ("flamingo", "25.0.2"),
        ("2026.1", "26.0.2"),
        ("2026.2", "27.0.1"),
        ("27.0.1", "27.0.1"),
    ],
)
def test_a_release_is_found_by_series_name_or_version(spelling: str, version: str):
    found = find_release(spelling)
    assert found is not None and found.version == version


@pytest.mark.parametrize("spelling", ["nonsense", "2023.3", "20.0.0", "victoria", ""])
def test_other_values_name_no_release(spelling: str):
    assert find_release(spelling) is None


def test_every_release_is_listed_with_its_series_and_version():
    listed = valid_values()
    for release in RELEASES:
        assert release.series in listed and release.version in listed
    assert [r.series for r in RELEASES] == [
        "wallaby", "xena", "yoga", "zed", "2023.1", "2023.2", "2024.1", "2024.2", "2025.1", "2025.2", "2026.1", "2026.2"
    ]  # fmt: skip


def test_a_release_replaces_the_built_in_types():
    antelope = release_catalogue(find_release("2023.1"))
    assert "OS::Aodh::PrometheusAlarm" not in antelope.types  # new in 2024.1
    assert "OS::Aodh::PrometheusAlarm" in load_catalogue().types
    assert not antelope.types["OS::Octavia::Listener"].properties["loadbalancer"].required
    assert load_catalogue().types["OS::Octavia::Listener"].properties["loadbalancer"].required


def test_user_catalogues_still_add_on_top_of_a_release():
    acme = str(Path(__file__).resolve().parents[2] / "examples" / "catalogues" / "acme.json")
    catalogue = load_catalogue((release_source("20.0.1"), acme))
    assert "Acme::Widget" in catalogue.types
    assert "OS::Aodh::PrometheusAlarm" not in catalogue.types


def test_the_release_that_brought_a_property():
    antelope = find_release("2023.1")
    assert added_after(antelope, "OS::Neutron::SecurityGroup", ("rules", "*", "description")) == NEWEST
    assert added_after(antelope, "OS::Neutron::SecurityGroup", ("rules", "*", "nonsense")) is None


@pytest.mark.parametrize(
    ("source", "target"),
    [
        ({"a": 1, "b": None}, {"a": 1}),  # a removal, even of a null
        ({"a": 1}, {"a": None}),  # a real null stays a value
        ({"a": True}, {"a": 1}),  # 1 is not True
        ({"a": [1, 2]}, {"a": [2]}),  # lists replaced whole
        ({"a": {"b": {"c": 1, "d": 2}}}, {"a": {"b": {"c": 1}}, "e": {"f": None}}),
        ({"a": 1}, {"a": {"b": 1}}),
        ({"a": {"b": 1}}, {"a": {}}),
    ],
)
def test_a_merge_patch_rebuilds_the_target(source: dict, target: dict):
    patch = merge_patch.diff(source, target)
    rebuilt = merge_patch.apply(json.loads(json.dumps(source)), patch)
    assert json.dumps(rebuilt, sort_keys=True) == json.dumps(target, sort_keys=True)


def test_the_default_release_never_reads_the_older_ones():
    # Start-up memory: analysing with the default release (a type each release has, one property Heat lacks) reads
    # neither the patches nor a second catalogue.
    probe = (
        "import sys\n"
        "opened = []\n"
        "sys.addaudithook(lambda e, a: e == 'open' and str(a[0]).endswith('.json') and opened.append(str(a[0])))\n"
        "from hot_lsp.analysis.validate import analyze\n"
        "analyze('heat_template_version: 2021-04-16\\nresources:\\n"
        "  r: {type: OS::Nova::Server, properties: {nonsense: 1}}\\n')\n"
        "read = [p for p in opened if 'spec/data' in p]\n"
        "assert [p.rsplit('/', 1)[1] for p in read] == ['heat-27.0.1.json'], read\n"
    )
    subprocess.run([sys.executable, "-c", probe], check=True, timeout=120)
