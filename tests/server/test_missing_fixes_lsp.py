"""Issue 29 item 5, through the real server under the three client profiles: the fixes a finding lacked. Each is
applied as the server sends it; the finding goes, no error comes, and `hot-lsp check` agrees on the fixed file.

- E3026 where a type's own check wants one of several properties and none is written (a server without image, a
  subnet without cidr, a volume without properties): the first way is added, each value what the type's skeleton
  writes (a fitting parameter's get_param first).
- E5001 where no condition has a close name: the condition is defined in `conditions` (the section written
  before `resources` when absent), true as the template stands: a boolean parameter of its name, else the first
  string parameter compared with its default, else `true`.
- Messages that name their replacement offer it: E2005 (constraints written as a map) rewrites them as the list,
  one item per key; E3012 (a resource name with "/") renames the resource and its
  references, E3013 (an empty `metadata`, `update_policy`, or `properties` of a type that requires none) writes
  `{}`.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from lsp_session import change_document, close_document, diagnostics, encoding, open_document
from lsprotocol import types
from pytest_lsp import LanguageClient
from test_skeletons_lsp import apply, doc

HEAD = "heat_template_version: 2021-04-16\n"
SERVER = HEAD + "parameters:\n  image: {type: string}\nresources:\n  web:\n    type: OS::Nova::Server\n"
SERVER += "    properties:\n      flavor: m1.small\n"
SUBNET = HEAD + "resources:\n  net:\n    type: OS::Neutron::Net\n  subnet:\n    type: OS::Neutron::Subnet\n"
SUBNET += "    properties: {network: {get_resource: net}}\n"
VOLUME = HEAD + "resources:\n  data:\n    type: OS::Cinder::Volume\n    deletion_policy: Retain\n"

CASES = [
    ("E3026", SERVER, "Add image", SERVER + "      image: {get_param: image}\n"),
    ("E3026", SUBNET, "Add cidr", SUBNET.replace("}}\n", "}, cidr: 10.0.0.0/24}\n")),
    ("E3026", VOLUME, "Add size", VOLUME + "    properties:\n      size: 1\n"),
]

# E5001: the condition is defined, the section written where it is absent (before resources).
PROD = "resources:\n  db:\n    type: OS::Heat::None\n    condition: is_prod\n"
ENV = HEAD + "parameters:\n  env: {type: string, default: dev}\n"
NO_SECTION = (ENV + PROD, ENV + "conditions:\n  is_prod: {equals: [{get_param: env}, dev]}\n" + PROD)
BLOCK = HEAD + "conditions:\n  never: false\n" + PROD
IN_BLOCK = (BLOCK, BLOCK.replace("never: false\n", "never: false\n  is_prod: true\n"))
FLOW = HEAD + "parameters:\n  is_prod: {type: boolean}\nconditions: {}\n" + PROD
IN_FLOW = (FLOW, FLOW.replace("conditions: {}", "conditions: {is_prod: {get_param: is_prod}}"))
TITLE = "Define condition 'is_prod' in conditions"
CASES += [("E5001", before, TITLE, after) for before, after in (NO_SECTION, IN_BLOCK, IN_FLOW)]

# Audited messages that name their replacement: E3012 renames the resource and its uses, E3013 writes `{}`.
SLASH = HEAD + "resources:\n  web/server:\n    type: OS::Heat::None\n  other:\n    type: OS::Heat::None\n"
SLASH += "    depends_on: web/server\noutputs:\n  id: {value: {get_resource: 'web/server'}}\n"
RENAMED = SLASH.replace("'web/server'", "web_server").replace("web/server", "web_server")
NULL_FIELD = HEAD + "resources:\n  r:\n    type: OS::Heat::None\n    metadata:\n    properties: {}\n"
CONSTRAINED = HEAD + "parameters:\n  p:\n    type: string\n    constraints:\n      length: {min: 1}\n"
CONSTRAINED += "      allowed_pattern: '[a-z]+'\nresources: {}\n"
LISTED = CONSTRAINED.replace("      length", "      - length").replace("      allowed", "      - allowed")
FLOW = CONSTRAINED.replace("\n      length: {min: 1}\n      allowed_pattern: '[a-z]+'", " {length: {min: 1}}")
E2005_TITLE = "Use - length: {min: 1} - allowed_pattern: '… instead of length: {min: 1} allowed_pattern: '[a-z…"
CASES += [
    ("E2005", CONSTRAINED, E2005_TITLE, LISTED),
    (
        "E2005",
        FLOW,
        "Use [{length: {min: 1}}] instead of {length: {min: 1}}",
        FLOW.replace("{length: {min: 1}}", "[{length: {min: 1}}]"),
    ),
    ("E3012", SLASH, "Replace web/server with web_server and its 2 uses", RENAMED),
    ("E3013", NULL_FIELD, "Add metadata: {}", NULL_FIELD.replace("metadata:\n", "metadata: {}\n")),
]


def check_cli(*paths: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "hot_lsp", "check", *map(str, paths)], capture_output=True, text=True, timeout=120
    )


async def fixed_by(client, uri: str, text: str, code: str, title: str) -> str:
    """The text after the action titled ``title`` for the one ``code`` finding, as the server sends it."""
    open_document(client, uri, text)
    found = [d for d in await diagnostics(client, uri, 1) if d.code == code]
    assert len(found) == 1, found
    answer = await client.text_document_code_action_async(
        types.CodeActionParams(doc(uri), found[0].range, types.CodeActionContext(diagnostics=found))
    )
    actions = [a for a in answer or [] if isinstance(a, types.CodeAction) and a.title == title]
    assert len(actions) == 1, [a.title for a in answer or []]
    return apply(text, actions[0], uri, encoding(client))


@pytest.mark.asyncio(loop_scope="module")  # the module's server (conftest's client)
@pytest.mark.parametrize(("code", "text", "title", "result"), CASES, ids=[f"{c[0]}-{n}" for n, c in enumerate(CASES)])
async def test_the_fix_writes_what_was_missing(
    client: LanguageClient, tmp_path: Path, code: str, text: str, title: str, result: str
) -> None:
    uri = (tmp_path / "main.yaml").as_uri()
    fixed = await fixed_by(client, uri, text, code, title)
    assert fixed == result
    change_document(client, uri, 2, [(None, fixed)])
    try:
        assert [d.code for d in await diagnostics(client, uri, 2) if d.code.startswith("E")] == []
    finally:
        close_document(client, uri)


def test_check_agrees_on_every_fixed_text(tmp_path: Path) -> None:
    """`hot-lsp check` on the texts the fixes write (the same under every profile: asserted above), in one run."""
    paths = []
    for n, (*_, result) in enumerate(CASES):
        paths.append(tmp_path / f"fixed-{n}.yaml")
        paths[-1].write_text(result)
    outcome = check_cli(*paths)
    assert outcome.returncode == 0, outcome.stdout
    assert f"{len(CASES)} file(s) checked" in outcome.stdout + outcome.stderr, outcome.stdout + outcome.stderr


@pytest.mark.asyncio(loop_scope="module")
async def test_a_misspelt_condition_is_renamed_not_defined(client: LanguageClient, tmp_path: Path) -> None:
    """A close name is the likelier meaning: defining the typo would change what the template does."""
    text = BLOCK.replace("never: false", "is_prod: false").replace("condition: is_prod", "condition: is_prd")
    uri = (tmp_path / "main.yaml").as_uri()
    open_document(client, uri, text)
    found = [d for d in await diagnostics(client, uri, 1) if d.code == "E5001"]
    answer = await client.text_document_code_action_async(
        types.CodeActionParams(doc(uri), found[0].range, types.CodeActionContext(diagnostics=found))
    )
    titles = [a.title for a in answer or [] if isinstance(a, types.CodeAction) and not a.title.startswith("Disable")]
    close_document(client, uri)
    assert titles == ["Replace is_prd with is_prod"]


def test_empty_properties_get_no_fix_where_the_type_requires_some() -> None:
    """`properties: {}` on a server would trade E3013 for E3017: no fix then."""
    from hot_lsp.analysis.validate import Options, analyze

    text = HEAD + "resources:\n  web:\n    type: OS::Nova::Server\n    properties:\n"
    (found,) = [d for d in analyze(text, Options()).diagnostics if d.code == "E3013"]
    assert found.data is None
    (found,) = [d for d in analyze(NULL_FIELD, Options()).diagnostics if d.code == "E3013"]
    assert found.data is not None and found.data.value == "{}"
