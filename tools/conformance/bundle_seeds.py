"""Small realistic multi-file stacks, the seeds of the bundle conformance harness (dev only).

A bundle is what ``openstack stack create -t main.yaml -e env1.yaml -e env2.yaml`` sends: the template, the
environment files (in order), the nested templates their ``type:`` paths and registries name, and the files
``get_file`` reads. Each seed is written here as data (relative path -> text) with the roles mutations need:
which file is the child and which parent resource reaches it (the parameters each family edits are found in the
texts).
Every seed is one Heat 27.0.1 accepts as it is (``record-bundles`` checks that before mutating it).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BundleSeed:
    name: str
    files: dict[str, str]
    environments: tuple[str, ...]
    child: str  # the nested template the child-family mutations edit
    parent_resource: str  # the parent's resource whose type reaches the child
    group_member: str = ""  # a ResourceGroup's member template, when the seed has one


# A nested template through a `type:` path, its own get_file in a subfolder (lib/scripts relative to lib/box.yaml).
TYPE_PATH = BundleSeed(
    name="type-path",
    files={
        "main.yaml": """\
heat_template_version: wallaby
description: An application stack with a nested box reached by its path.
parameters:
  app_name:
    type: string
    default: shop
resources:
  box:
    type: lib/box.yaml
    properties:
      size: 8
      label: {get_param: app_name}
  marker:
    type: OS::Heat::Value
    properties:
      value: {get_attr: [box, secret]}
outputs:
  secret:
    value: {get_attr: [box, secret]}
""",
        "lib/box.yaml": """\
heat_template_version: wallaby
description: A box holding a random secret and its setup script.
parameters:
  size:
    type: number
    default: 4
    constraints:
      - range: {min: 1, max: 64}
  label:
    type: string
    default: box
    constraints:
      - length: {min: 2, max: 20}
  owner:
    type: string
    default: ops
resources:
  secret_value:
    type: OS::Heat::RandomString
    properties:
      length: {get_param: size}
      salt: {get_param: label}
  setup:
    type: OS::Heat::SoftwareConfig
    properties:
      group: script
      config: {get_file: scripts/setup.sh}
outputs:
  secret:
    value: {get_attr: [secret_value, value]}
  config_id:
    value: {get_resource: setup}
""",
        "lib/scripts/setup.sh": "#!/bin/sh\necho setting up\n",
        "env1.yaml": """\
parameter_defaults:
  owner: platform
""",
        "env2.yaml": """\
parameters:
  app_name: store
""",
    },
    environments=("env1.yaml", "env2.yaml"),
    child="lib/box.yaml",
    parent_resource="box",
)

# The same kind of child reached through the registry (My::Box: box.yaml), values from parameter_defaults.
REGISTRY = BundleSeed(
    name="registry",
    files={
        "main.yaml": """\
heat_template_version: 2018-08-31
description: Two boxes whose type the environment maps to a template.
parameters:
  tier:
    type: string
    default: web
resources:
  front:
    type: My::Box
    properties:
      label: {list_join: ['-', [{get_param: tier}, front]]}
  back:
    type: My::Box
    properties:
      label: back
outputs:
  front_secret:
    value: {get_attr: [front, secret]}
""",
        "box.yaml": """\
heat_template_version: 2018-08-31
parameters:
  label:
    type: string
    constraints:
      - length: {min: 2, max: 24}
  size:
    type: number
    default: 6
    constraints:
      - range: {min: 1, max: 32}
  flavor:
    type: string
    default: small
    constraints:
      - allowed_values: [small, large]
resources:
  secret_value:
    type: OS::Heat::RandomString
    properties:
      length: {get_param: size}
      salt: {get_param: label}
  note:
    type: OS::Heat::Value
    properties:
      value: {get_param: flavor}
outputs:
  secret:
    value: {get_attr: [secret_value, value]}
""",
        "env1.yaml": """\
resource_registry:
  My::Box: box.yaml
parameter_defaults:
  size: 12
""",
        "env2.yaml": """\
parameter_defaults:
  flavor: large
""",
    },
    environments=("env1.yaml", "env2.yaml"),
    child="box.yaml",
    parent_resource="front",
)

# A ResourceGroup whose members are a nested template, named with %index%.
GROUP = BundleSeed(
    name="group",
    files={
        "main.yaml": """\
heat_template_version: 2021-04-16
description: A group of workers, each a nested template.
parameters:
  worker_count:
    type: number
    default: 3
resources:
  workers:
    type: OS::Heat::ResourceGroup
    properties:
      count: {get_param: worker_count}
      resource_def:
        type: worker.yaml
        properties:
          worker_name: worker-%index%
          weight: 5
          token_length: 12
outputs:
  names:
    value: {get_attr: [workers, name]}
""",
        "worker.yaml": """\
heat_template_version: 2021-04-16
parameters:
  worker_name:
    type: string
    constraints:
      - length: {min: 4, max: 30}
  weight:
    type: number
    default: 1
    constraints:
      - range: {min: 0, max: 10}
  zone:
    type: string
    default: nova
  token_length:
    type: number
    default: 16
resources:
  token:
    type: OS::Heat::RandomString
    properties:
      length: {get_param: token_length}
      salt: {get_param: worker_name}
outputs:
  name:
    value: {get_param: worker_name}
  token:
    value: {get_attr: [token, value]}
""",
        "env1.yaml": """\
parameter_defaults:
  zone: az1
""",
        "env2.yaml": """\
parameters:
  worker_count: 2
""",
    },
    environments=("env1.yaml", "env2.yaml"),
    child="worker.yaml",
    parent_resource="workers",
    group_member="worker.yaml",
)

# Environment semantics: merge strategies, event sinks, hooks, a json and a list merged across two files.
ENVIRONMENT = BundleSeed(
    name="environment",
    files={
        "main.yaml": """\
heat_template_version: queens
description: Settings merged from two environments, with a breakpoint on the nested app.
parameters:
  settings:
    type: json
    default: {}
  admins:
    type: comma_delimited_list
    default: []
  replicas:
    type: number
    default: 1
resources:
  app:
    type: App::Server
    properties:
      replicas: {get_param: replicas}
  config:
    type: OS::Heat::Value
    properties:
      type: json
      value: {get_param: settings}
  admin_list:
    type: OS::Heat::Value
    properties:
      value: {list_join: [',', {get_param: admins}]}
outputs:
  settings:
    value: {get_attr: [config, value]}
""",
        "app.yaml": """\
heat_template_version: queens
parameters:
  replicas:
    type: number
    constraints:
      - range: {min: 1, max: 5}
  release:
    type: string
    default: stable
resources:
  release_note:
    type: OS::Heat::Value
    properties:
      value: {get_param: release}
outputs:
  release:
    value: {get_attr: [release_note, value]}
""",
        "env1.yaml": """\
resource_registry:
  App::Server: app.yaml
  resources:
    app:
      hooks: pre-create
parameter_defaults:
  settings:
    logging: {level: info}
  admins: [alice]
parameter_merge_strategies:
  settings: deep_merge
  admins: merge
event_sinks:
  - type: zaqar-queue
    target: stack-events
    ttl: 3600
""",
        "env2.yaml": """\
parameter_defaults:
  settings:
    logging: {format: json}
  admins: [bob]
  release: candidate
""",
    },
    environments=("env1.yaml", "env2.yaml"),
    child="app.yaml",
    parent_resource="app",
)

# A nested template in a subfolder reached through the registry, reading its script relative to itself.
SUBFOLDER = BundleSeed(
    name="subfolder",
    files={
        "main.yaml": """\
heat_template_version: pike
description: A deployment whose nested config lives with its scripts.
resources:
  setup:
    type: Lib::Setup
    properties:
      mode: install
  audit:
    type: nested/audit.yaml
outputs:
  config:
    value: {get_attr: [setup, config_id]}
""",
        "lib/setup.yaml": """\
heat_template_version: pike
parameters:
  mode:
    type: string
    constraints:
      - allowed_values: [install, upgrade]
  retries:
    type: number
    default: 3
resources:
  config:
    type: OS::Heat::SoftwareConfig
    properties:
      group: script
      config: {get_file: scripts/setup.sh}
      inputs:
        - name: mode
outputs:
  config_id:
    value: {get_resource: config}
""",
        "lib/scripts/setup.sh": '#!/bin/sh\necho "mode $mode"\n',
        "nested/audit.yaml": """\
heat_template_version: pike
resources:
  rules:
    type: OS::Heat::Value
    properties:
      value: {get_file: ../files/rules.txt}
""",
        "files/rules.txt": "allow all\n",
        "env1.yaml": """\
resource_registry:
  Lib::Setup: lib/setup.yaml
""",
        "env2.yaml": """\
parameter_defaults:
  retries: 5
""",
    },
    environments=("env1.yaml", "env2.yaml"),
    child="lib/setup.yaml",
    parent_resource="setup",
)

SEEDS: tuple[BundleSeed, ...] = (TYPE_PATH, REGISTRY, GROUP, ENVIRONMENT, SUBFOLDER)
