"""The real-template corpus: Heat deploys these, so any error outside MANIFEST.md's list is a false error."""

from __future__ import annotations

import re
from pathlib import Path

from shared_paths import CORPUS, needs_corpus

from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.document.problems import ERROR

# Files MANIFEST.md says carry real findings, plus the two Heat unit-test extracts using test-only types.
_LISTED = re.compile(r"^- `([^`]+\.ya?ml)`", re.M)
_TEST_ONLY_TYPES = "openstack-heat/_inline/heat/tests/test_resource_py/"
# Not deployable and not in MANIFEST.md (its list only names .yaml files): an API response sample with
# `constraints: [{}]`, which Heat 27.0.1 rejects ("No constraint expressed", checked by running Heat).
_REAL_ERRORS = {
    "openstack-heat/api-ref/source/v1/samples/resource-type-template-hot-response.json": {"E2018"},
    # Faults Heat 27.0.1 rejects (checked by running Stack.validate): a placeholder the test replaces before use
    # ('"\'$NETWORKS\'" is not a list'), and a property OS::Octavia::HealthMonitor does not have in Heat 27
    # ("Unknown Property max_retries_down").
    "heat-tempest-plugin/_inline/heat_tempest_plugin/tests/functional/test_nova_server_networks_py/"
    "L00144_server_with_no_nets_template.hot.yaml": {"E3018"},
    "heat-templates/hot/octavia/servers_with_octavia.yaml": {"E3016"},
}
# Faults in what the values become or in the files around, which no schema of the text sees.
_REAL_ERRORS_BEYOND_THE_TEXT = {
    # Issue 14, each refused by Heat 27.0.1 as the template stands: an expiration default in 2017, now past
    # ("Expiration ... is invalid: Expiration time is out of date."); a volume size default of 0 ("0 is out of
    # range (min: 1, max: None)"); get_file targets missing upstream too (MANIFEST.md lists them; python-heatclient:
    # "Could not fetch contents for ...").
    "heat-templates/hot/barbican/order.yaml": {"E3019"},
    "heat-templates/hot/barbican/secret.yaml": {"E3019"},
    "magnum/contrib/drivers/k8s_opensuse_v1/templates/kubeminion.yaml": {"E3019"},
    "magnum/magnum/drivers/k8s_fedora_ironic_v1/templates/kubemaster.yaml": {"E7014"},
    "magnum/magnum/drivers/k8s_fedora_ironic_v1/templates/kubeminion_software_configs.yaml": {"E7014"},
    "tripleo-heat-templates/tools/tests/nic_config_convert_samples/heat_templates/2-linux-bonds-vlans-controller.yaml": {
        "E7014"
    },
}


def expected_error_files() -> set[str]:
    manifest = (CORPUS / "MANIFEST.md").read_text()
    section = manifest.split("These selected files contain", 1)[1].split("Other expectations", 1)[0]
    return set(_LISTED.findall(section))


def corpus_files() -> list[Path]:
    return sorted(p for p in CORPUS.rglob("*") if p.suffix in (".yaml", ".yml", ".json") and p.is_file())


@needs_corpus
def test_no_false_errors_on_real_templates():
    allowed = expected_error_files()
    assert len(allowed) >= 9, "MANIFEST.md's list of expected findings was not found"
    unexpected = []
    checked = 0
    for path in corpus_files():
        rel = path.relative_to(CORPUS).as_posix()
        text = path.read_text(encoding="utf-8")
        # As the file it is (as `hot-lsp check` reads it): template resources are checked against their templates.
        result = analyze(text, Options(document_path=str(path), file_roots=(str(CORPUS),)))
        if result.kind == "template":
            checked += 1
        if rel in allowed or rel.startswith(_TEST_ONLY_TYPES):
            continue
        for d in result.diagnostics:
            known = _REAL_ERRORS.get(rel, set()) | _REAL_ERRORS_BEYOND_THE_TEXT.get(rel, set())
            if d.severity == ERROR and d.code not in known:
                line = result.parsed.lines.position(d.start)[0] + 1
                unexpected.append(f"{rel}:{line}: {d.code} {d.message}")
    assert checked >= 160, f"only {checked} templates recognised in the corpus"
    assert unexpected == []


@needs_corpus
def test_manifest_anomalies_are_found():
    """The latent bugs the corpus documents are reported (a validator that says nothing passes the test above)."""
    found = {}
    for rel in sorted(expected_error_files()):
        result = analyze((CORPUS / rel).read_text(encoding="utf-8"))
        found[rel] = {d.code for d in result.diagnostics}
    assert "W0002" in found["tripleo-heat-templates-rendered/common/post.yaml"]
    assert "E0012" in found["tacker/samples/tests/etc/samples/hot_lcm_template.yaml"]
