#!/usr/bin/env python3
"""Write the resource type catalogue from Heat's own registry (dev only).

Usage: python3 tools/gen_resource_catalogue.py [--venv DIR] [--heat-version 27.0.1] [--out DIR]
       python3 tools/gen_resource_catalogue.py --all VENVS [--out DIR]
       python3 tools/gen_resource_catalogue.py --pack DIR

Creates (or reuses) a venv at DIR (default /tmp/heat-catalogue-venv) holding openstack-heat==<version>, re-runs
itself with that venv's python, imports Heat (no database, no cloud) and writes
hot_lsp/spec/data/heat-<version>.json, the file hot_lsp.spec.resource_types ships and loads. The path the issue
names, schemas/resource_types/heat-<version>.json, is a relative symlink to it (created when missing). With
``--out DIR`` the file goes to DIR instead (no symlink): how the older releases are read.

Every shipped release (``hot_lsp.spec.heat_releases.SHIPPED_VERSIONS``): ``--all VENVS`` reads each from its own
venv ``VENVS/v-<version>`` (made beforehand, one at a time, as docs/heat-releases.md says: each series' Python
and upper-constraints) into ``--out`` (default VENVS/out), then packs them. ``--pack DIR`` alone packs what DIR
holds: the newest release's file must equal the shipped built-in one; the others become
hot_lsp/spec/data/heat-releases.json, a chain of merge patches each from the next newer release
(``hot_lsp.spec.merge_patch``), checked to rebuild every file byte for byte, and each file's sha256 goes to
tests/spec/heat_release_digests.json, which tests/spec/test_heat_releases.py compares the rebuilt files with.

What is read from Heat, all through its public objects:
* the types: every entry of the global environment's registry (``resources.global_env()`` after
  ``resources.initialise()``), hidden and deprecated ones included;
* per type: ``properties.schemata(cls.properties_schema)``, ``attributes.schemata(cls.attributes_schema)`` plus
  ``cls.base_attributes_schema`` (``show``), ``cls.support_status`` and the class docstring;
* per type, ``update_policy``: ``properties.schemata(cls.update_policy_schema)`` in the same format as the
  properties, written for every type (``{}`` when the type has none: Heat then refuses any update_policy key), so a
  catalogue without the key (an older or a user's file) says "not known" rather than "none";
* ``any_attribute``: the class overrides ``get_attribute`` or ``FnGetAtt`` (the test Heat applies when it builds
  a resource's node data at validation, ``Resource.node_data``);
* ``placeholder``: the class is Heat's ``NoneResource`` or one of its subclasses (``OS::Heat::None`` and the types
  Heat removed but keeps so old stacks can be deleted): it takes any properties and never validates or resolves
  them (its ``reparse`` drops them, its ``validate`` does nothing), and gives any attribute as None;
* ``snapshot``: the class can take ``deletion_policy: Snapshot`` (it has a ``handle_snapshot_delete``, the test
  ``Resource.validate_deletion_policy`` applies; other types fail with '"Snapshot" deletion policy not supported');
* the custom constraints: ``global_env().constraints``;
* the aliases: the shipped ``etc/heat/environment.d/default.yaml`` of the venv.

The test suite never runs this script; it reads the JSON.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import re
import sys
from pathlib import Path

from heat_venv import INSIDE_FLAG, ensure_venv, prepare_heat_import  # tools/, beside this script

DEFAULT_VERSION = "27.0.1"
DEFAULT_VENV = "/tmp/heat-catalogue-venv"
ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT / "hot_lsp" / "spec" / "data"
LINK_DIR = ROOT / "schemas" / "resource_types"
DIGESTS = ROOT / "tests" / "spec" / "heat_release_digests.json"  # sha256 of each release's generated file
FORMAT = 1

# A resource type name as Heat spells them in messages: OS::Neutron::FloatingIP, AWS::EC2::Instance.
TYPE_NAME = re.compile(r"\b[A-Z][A-Za-z0-9]*(?:::[A-Za-z0-9]+)+")
# Class names split into words: runs of capitals stay together (DNSName -> DNS Name, L7Policy -> L7 Policy), and
# the mixed-case acronyms Heat uses are kept whole (QoSSpecs -> QoS Specs, LBaasV2Provider -> LBaas V2 Provider).
CAMEL_WORD = re.compile(r"QoS|LBaas|IP(?=[A-Z])|[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+\d*|\d+")
# Middle parts of constraint names (neutron.lbaas.pool) as Heat's docs spell them.
NAME_QUALIFIERS = {"lbaas": "LBaaS v2", "taas": "tap-as-a-service"}


# ---------------------------------------------------------------------------------------------------------------
# Outside: the venv


# ---------------------------------------------------------------------------------------------------------------
# Inside: Heat's objects to plain data


def plain(value):
    """JSON-able copy: Heat's translated messages become str, tuples lists."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    raise TypeError(f"cannot write {value!r} ({type(value).__name__}) as JSON")


def text(value) -> str:
    return "" if value is None else str(value)


def first_paragraph(doc: str | None) -> str:
    if not doc:
        return ""
    paragraph = inspect.cleandoc(doc).split("\n\n", 1)[0]
    return " ".join(paragraph.split())


def support_status(status) -> dict:
    return {
        "status": status.status,
        "version": plain(status.version),
        "message": None if status.message is None else str(status.message),
        "previous_status": None if status.previous_status is None else support_status(status.previous_status),
    }


def replacement(name: str, status, registered: set[str]) -> str | None:
    """The registered type a deprecation or hidden message names ('Use OS::X instead'), else None."""
    while status is not None:
        if status.status in ("DEPRECATED", "HIDDEN") and status.message:
            for candidate in TYPE_NAME.findall(str(status.message)):
                if candidate != name and candidate in registered:
                    return candidate
        status = status.previous_status
    return None


def constraint(item) -> dict:
    # Heat's Mapping interface: {"range": {"min": 1}}, {"custom_constraint": "nova.flavor"}, ... The description key
    # is there only when the resource author wrote one (Heat's generated text is not part of the mapping).
    return plain(dict(item))


def property_schema(schema, from_legacy) -> dict:
    # schema.schema is Heat's AnyIndexDict (one item schema, key "*") for a list, a name -> schema dict for a map.
    nested = None
    if schema.schema is not None:
        nested = {str(k): property_schema(from_legacy(v), from_legacy) for k, v in schema.schema.items()}
    out = {
        "type": schema.type,
        "description": text(schema.description),
        "required": bool(schema.required),
        "default": plain(schema.default),
        "update_allowed": bool(schema.update_allowed),
        "immutable": bool(schema.immutable),
        "constraints": [constraint(c) for c in schema.constraints],
        "schema": nested,
        "support_status": support_status(schema.support_status),
    }
    if not schema.implemented:
        # Heat rejects a value for it ("Property X not implemented yet"); written only when false.
        out["implemented"] = False
    return out


def camel_words(name: str) -> list[str]:
    return CAMEL_WORD.findall(name)


def _display(word: str) -> str:
    return word if word.isupper() or word[1:] != word[1:].lower() or any(c.isdigit() for c in word) else word.lower()


def _article(phrase: str) -> str:
    return f"An {phrase}" if phrase[:1].upper() in "AEIOU" else f"A {phrase}"


def constraint_entry(name: str, cls) -> dict:
    """Description from the class docstring when there is one, otherwise derived from the class and service names."""
    doc = cls.__dict__.get("__doc__")
    if cls.__name__.startswith("Test"):
        kind = "test"
    elif cls.__module__.endswith("common_constraints"):
        kind = "generic"
    else:
        kind = "service"
    if doc and doc.strip():
        return {"description": first_paragraph(doc).split(". ")[0], "description_source": "docstring", "kind": kind}
    words = [_display(w) for w in camel_words(cls.__name__.removesuffix("Constraint"))]
    if kind == "test":
        derived = f"Heat's test constraint {cls.__name__}, not a real check"
    elif kind == "generic":
        derived = f"A valid {' '.join(words)}, checked by Heat itself with no cloud lookup"
    else:
        service, *middle, _ = name.split(".")
        if words and words[0].lower() == service:
            words = words[1:]
        qualifiers = [NAME_QUALIFIERS.get(part, part) for part in middle]
        said = {w.lower() for q in qualifiers for w in q.split()}
        while words and words[0].lower() in said:
            words = words[1:]  # LBaasV2Provider under neutron.lbaas
        subject = " ".join([service.capitalize(), *qualifiers, *words])
        derived = f"{_article(subject)} that exists, looked up in the {service} service"
    return {"description": derived, "description_source": "derived", "kind": kind}


def aliases_from(default_yaml: Path) -> tuple[dict[str, str], dict[str, str]]:
    import yaml

    data = yaml.safe_load(default_yaml.read_text(encoding="utf-8")) or {}
    aliases: dict[str, str] = {}
    globs: dict[str, str] = {}
    for key, value in (data.get("resource_registry") or {}).items():
        if not isinstance(value, str):
            raise SystemExit(f"{default_yaml}: unexpected resource_registry entry {key!r}: {value!r}")
        (globs if key.endswith("*") else aliases)[key] = value
    return aliases, globs


def find_default_yaml() -> Path:
    candidates = [Path(sys.prefix) / "etc" / "heat" / "environment.d" / "default.yaml"]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise SystemExit(f"Heat's default.yaml not found (looked in {', '.join(map(str, candidates))})")


def build(version: str) -> dict:
    prepare_heat_import()

    import importlib.metadata

    found = importlib.metadata.version("openstack-heat")
    if found != version:
        raise SystemExit(f"this venv holds openstack-heat {found}, not {version}")

    from heat.engine import attributes, environment, properties, resource, resources
    from heat.engine.resources.openstack.heat.none_resource import NoneResource

    resources.initialise()
    env = resources.global_env()
    classes = {}
    for name, info in env.registry._registry.items():
        if isinstance(info, environment.ClassResourceInfo):
            classes[name] = info.get_class()
        elif name != "resources" and isinstance(info, environment.ResourceInfo):
            # the global environment of a Heat installed under /etc would add aliases here; this one must not
            raise SystemExit(f"unexpected global registry entry {name}: {info}")
    registered = set(classes)
    base = resource.Resource
    from_legacy = properties.Schema.from_legacy

    types = {}
    for name, cls in sorted(classes.items()):
        attrs = dict(attributes.schemata(cls.attributes_schema))
        attrs.update(attributes.schemata(cls.base_attributes_schema))
        types[name] = {
            "description": first_paragraph(cls.__dict__.get("__doc__")),
            "support_status": support_status(cls.support_status),
            "replacement": replacement(name, cls.support_status, registered),
            "any_attribute": cls.get_attribute is not base.get_attribute or cls.FnGetAtt is not base.FnGetAtt,
            "placeholder": issubclass(cls, NoneResource),
            "snapshot": callable(getattr(cls, "handle_snapshot_delete", None)),
            "properties": {
                pname: property_schema(pschema, from_legacy)
                for pname, pschema in properties.schemata(cls.properties_schema).items()
            },
            "attributes": {
                aname: {
                    "description": text(aschema.description),
                    "type": aschema.type,
                    "support_status": support_status(aschema.support_status),
                }
                for aname, aschema in attrs.items()
            },
            "update_policy": {
                pname: property_schema(pschema, from_legacy)
                for pname, pschema in properties.schemata(cls.update_policy_schema).items()
            },
        }

    aliases, globs = aliases_from(find_default_yaml())
    return {
        "format": FORMAT,
        "heat_version": version,
        "resource_types": types,
        "custom_constraints": {name: constraint_entry(name, cls) for name, cls in sorted(env.constraints.items())},
        "aliases": aliases,
        "alias_globs": globs,
    }


def write(catalogue: dict, version: str, out: Path = DATA_DIR) -> Path:
    target = out / f"heat-{version}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    body = json.dumps(catalogue, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    target.write_text(body, encoding="utf-8")
    if out != DATA_DIR:
        return target
    link = LINK_DIR / target.name
    if not link.is_symlink():
        if link.exists():
            raise SystemExit(f"{link} exists and is not a symlink; remove it (the real file is {target})")
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(os.path.relpath(target, link.parent))
    return target


def generate(version: str, out: Path = DATA_DIR) -> None:
    catalogue = build(version)
    target = write(catalogue, version, out)
    types = catalogue["resource_types"].values()

    def count(status: str) -> int:
        return sum(t["support_status"]["status"] == status for t in types)

    print(
        f"{len(catalogue['resource_types'])} types ({count('HIDDEN')} hidden, {count('DEPRECATED')} deprecated), "
        f"{sum(len(t['properties']) for t in types)} properties, "
        f"{len(catalogue['custom_constraints'])} custom constraints -> {target} ({target.stat().st_size} bytes)"
    )


# ---------------------------------------------------------------------------------------------------------------
# Every release: read each in its venv, then pack the older ones as patches


def generate_all(venvs: Path, out: Path) -> None:
    """Each shipped release from its venv ``venvs/v-<version>`` (the newest may use the default venv's)."""
    import subprocess

    sys.path.insert(0, str(ROOT))
    from hot_lsp.spec.heat_releases import SHIPPED_VERSIONS

    for version in SHIPPED_VERSIONS:
        venv = venvs / f"v-{version}"
        if version == DEFAULT_VERSION and not venv.exists():
            venv = Path(DEFAULT_VENV)
        python = venv / "bin" / "python"
        if not python.exists():
            raise SystemExit(f"{venv}: no venv for openstack-heat {version} (see the docstring)")
        print(f"openstack-heat {version}:", end=" ", flush=True)
        script = str(Path(__file__).resolve())
        subprocess.run([str(python), script, INSIDE_FLAG, "--heat-version", version, "--out", str(out)], check=True)
    pack(out)


def pack(directory: Path) -> None:
    """The chain of patches and the digests from the generated files in ``directory`` (see the docstring)."""
    import hashlib

    sys.path.insert(0, str(ROOT))
    from hot_lsp.spec import merge_patch
    from hot_lsp.spec.heat_releases import SHIPPED_VERSIONS
    from hot_lsp.spec.release_catalogues import CHAIN_PATH, release_text
    from hot_lsp.spec.resource_types import BUILTIN_PATH

    texts = {v: (directory / f"heat-{v}.json").read_text(encoding="utf-8") for v in SHIPPED_VERSIONS}
    newest = SHIPPED_VERSIONS[-1]
    if texts[newest] != BUILTIN_PATH.read_text(encoding="utf-8"):
        raise SystemExit(f"heat-{newest}.json differs from the shipped {BUILTIN_PATH}: generate that first")
    chain = []
    newer = json.loads(texts[newest])
    for version in reversed(SHIPPED_VERSIONS[:-1]):
        older = json.loads(texts[version])
        chain.append({"heat_version": version, "patch": merge_patch.diff(newer, older)})
        newer = older
    body = json.dumps({"format": FORMAT, "base": newest, "chain": chain}, sort_keys=True, ensure_ascii=False)
    CHAIN_PATH.write_text(body + "\n", encoding="utf-8")
    digests = {}
    for version in SHIPPED_VERSIONS:
        if release_text(version) != texts[version]:
            raise SystemExit(f"the chain does not rebuild heat-{version}.json byte for byte")
        digests[version] = hashlib.sha256(texts[version].encode("utf-8")).hexdigest()
    DIGESTS.write_text(json.dumps(digests, indent=1) + "\n", encoding="utf-8")
    print(f"{CHAIN_PATH} ({CHAIN_PATH.stat().st_size} bytes), {DIGESTS}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--venv", default=DEFAULT_VENV, help="venv holding openstack-heat (created if needed)")
    parser.add_argument("--heat-version", default=DEFAULT_VERSION, help="openstack-heat release to read")
    parser.add_argument("--out", type=Path, default=None, help="write the file here instead of hot_lsp/spec/data")
    parser.add_argument("--all", type=Path, metavar="VENVS", help="read every shipped release from VENVS/v-<version>")
    parser.add_argument("--pack", type=Path, metavar="DIR", help="pack the generated files in DIR (no Heat needed)")
    parser.add_argument(INSIDE_FLAG, action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.pack:
        pack(args.pack)
        return
    if args.all:
        generate_all(args.all, args.out or args.all / "out")
        return
    if args.inside_heat_venv:
        generate(args.heat_version, args.out or DATA_DIR)
        return
    python = ensure_venv(Path(args.venv), args.heat_version)
    script = str(Path(__file__).resolve())
    out = ["--out", str(args.out)] if args.out else []
    os.execv(str(python), [str(python), script, INSIDE_FLAG, "--heat-version", args.heat_version, *out])


if __name__ == "__main__":
    main()
