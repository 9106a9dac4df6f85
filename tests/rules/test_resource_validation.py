"""E3026: what a resource type's own ``validate()`` refuses beyond its schema (rules/resources/validation.py).

FAILING and PASSING are resources sections with Heat 27.0.1's verdict on the template around them: "Heat 27.0.1:
<its message>" or "Heat 27.0.1: accepted". The verdicts come from Heat 27.0.1's stack validation as
tools/conformance/heat_verdicts.py runs it (no cloud: the constraints that ask a service accept every value).
The cases marked "lookups stubbed" ask a service before the checks (Trove's datastore, Octavia's listener and
pool): they were run with those lookups answering as a cloud holding the names would.

A failing case must get an E3026 error whose message starts with Heat's (less the place Heat puts before some
messages: the diagnostic's range says where); a passing case no E3026 error.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.document import Diagnostic

ROOT = Path(__file__).resolve().parents[2]
HEADER = "heat_template_version: 2021-04-16\n"
# What Heat puts before a message: the exception's name, where the resource is, the property's path.
_HEAT_PLACE = re.compile(
    r"^(?:\w+: )?(?:resources\.\w+(?:<nested_stack>)?: )?(?:(?:Property error|Mistral resource validation error): \S+: )?"
)


def template(resources: str, header: str = HEADER) -> str:
    return header + "resources:\n" + "".join(f"  {line}\n" for line in resources.strip("\n").splitlines())


def e3026(text: str, options: Options | None = None) -> list[Diagnostic]:
    return [d for d in analyze(text, options or Options()).diagnostics if d.code == "E3026"]


def errors(text: str, options: Options | None = None) -> list[Diagnostic]:
    return [d for d in e3026(text, options) if d.severity_name == "error"]


def heat_message(verdict: str) -> str:
    return _HEAT_PLACE.sub("", verdict.removeprefix("Heat 27.0.1: "), count=1)


FAILING = [
    (  # mistral_retry_both
        "wf: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t1, action: std.noop, retry: {count: 3}, policies: {retry: {count: 3}}}]}}",
        "Heat 27.0.1: Property error: resources.wf.properties.tasks[0].retry: Cannot define the following properties at the same time: tasks.retry, tasks.policies.retry",
    ),
    (  # mistral_concurrency_policies_no_with_items
        "wf: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t1, action: std.noop, policies: {concurrency: 2}}]}}",
        "Heat 27.0.1: concurrency cannot be specified without with_items.",
    ),
    (  # mistral_wf_and_action
        "wf: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t1, action: std.noop, workflow: other}]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: workflow, action.",
    ),
    (  # mistral_neither
        "wf: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t1}]}}",
        "Heat 27.0.1: At least one of the following properties must be specified: workflow, action.",
    ),
    (  # mistral_reverse_no_params
        "wf: {type: OS::Mistral::Workflow, properties: {type: reverse, tasks: [{name: t1, action: std.noop}]}}",
        "Heat 27.0.1: Mistral resource validation error: wf.properties.params: 'task_name' is not assigned in 'params' in case of reverse type workflow.",
    ),
    (  # mistral_direct_requires
        "wf: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t1, action: std.noop, requires: [t0]}]}}",
        "Heat 27.0.1: Mistral resource validation error: wf.properties.tasks.t1.requires: task t1 contains property 'requires' in case of direct workflow. Only reverse workflows can contain property 'requires'.",
    ),
    (  # mistral_wait_both
        "wf: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t1, action: std.noop, wait_before: 2, policies: {wait_before: 3}}]}}",
        "Heat 27.0.1: Property error: resources.wf.properties.tasks[0].wait_before: Cannot define the following properties at the same time: tasks.wait_before, tasks.policies.wait_before",
    ),
    (  # cinder_image_both
        "v: {type: OS::Cinder::Volume, properties: {size: 1, image: a, imageRef: b}}",
        "Heat 27.0.1: Property error: resources.v.properties.image: Cannot define the following properties at the same time: image, imageRef",
    ),
    (  # cinder_none
        "v: {type: OS::Cinder::Volume, properties: {name: x}}",
        'Heat 27.0.1: If neither "backup_id" nor "size" is provided, one and only one of "source_volid", "snapshot_id" must be specified, but currently specified options: [].',
    ),
    (  # cinder_noprops
        "v: {type: OS::Cinder::Volume}",
        'Heat 27.0.1: If neither "backup_id" nor "size" is provided, one and only one of "source_volid", "snapshot_id" must be specified, but currently specified options: [].',
    ),
    (  # cinder_image_nosize
        "v: {type: OS::Cinder::Volume, properties: {imageRef: img}}",
        'Heat 27.0.1: If neither "backup_id" nor "size" is provided, one and only one of "source_volid", "snapshot_id" must be specified, but currently specified options: [\'image\'].',
    ),
    (  # cinder_size_many
        "v: {type: OS::Cinder::Volume, properties: {size: 1, image: i, snapshot_id: s, source_volid: v}}",
        'Heat 27.0.1: If "size" is provided, only one of "image", "imageRef", "source_volid", "snapshot_id" can be specified, but currently specified options: [\'snapshot_id\', \'source_volid\', \'image\'].',
    ),
    (  # cinder_vt_projects_public
        "vt: {type: OS::Cinder::VolumeType, properties: {name: x, projects: [p]}}",
        'Heat 27.0.1: Can not specify property "projects" if the volume type is public.',
    ),
    (  # cinder_quota_none
        "q: {type: OS::Cinder::Quota, properties: {project: p}}",
        "Heat 27.0.1: At least one of the following properties must be specified: gigabytes, snapshots, volumes, backups, backup_gigabytes.",
    ),
    (  # nova_quota_none
        "q: {type: OS::Nova::Quota, properties: {project: p}}",
        "Heat 27.0.1: At least one of the following properties must be specified: cores, fixed_ips, floating_ips, injected_file_content_bytes, injected_file_path_bytes, injected_files, instances, key_pairs, metadata_items, ram, security_group_rules, security_groups, server_group_members, server_groups.",
    ),
    (  # neutron_quota_none
        "q: {type: OS::Neutron::Quota, properties: {project: p}}",
        "Heat 27.0.1: At least one of the following properties must be specified: floatingip, network, port, rbac_policy, router, security_group, security_group_rule, subnet, subnetpool.",
    ),
    (  # octavia_quota_none
        "q: {type: OS::Octavia::Quota, properties: {project: p}}",
        "Heat 27.0.1: At least one of the following properties must be specified: healthmonitor, listener, loadbalancer, member, pool.",
    ),
    (  # zone_masters_both
        "z: {type: OS::Designate::Zone, properties: {name: example.com., email: a@b.c, masters: [1.2.3.4], primaries: [1.2.3.5]}}",
        "Heat 27.0.1: Property error: resources.z.properties.masters: Cannot define the following properties at the same time: masters, primaries",
    ),
    (  # zone_primary_no_email
        "z: {type: OS::Designate::Zone, properties: {name: example.com.}}",
        "Heat 27.0.1: Property email is required for zone type PRIMARY",
    ),
    (  # zone_secondary_no_masters
        "z: {type: OS::Designate::Zone, properties: {name: example.com., type: SECONDARY}}",
        "Heat 27.0.1: Property masters is required for zone type SECONDARY",
    ),
    (  # glance_mix
        "i: {type: OS::Glance::WebImage, properties: {container_format: ami, disk_format: raw, location: 'http://x/y'}}",
        "Heat 27.0.1: Invalid mix of disk and container formats. When setting a disk or container format to one of 'aki', 'ari', or 'ami', the container and disk formats must match.",
    ),
    (  # glance_members
        "i: {type: OS::Glance::WebImage, properties: {container_format: bare, disk_format: raw, location: 'http://x/y', members: [p]}}",
        "Heat 27.0.1: members property should only be specified for visibility with value shared.",
    ),
    (  # srv_noimage
        "s: {type: OS::Nova::Server, properties: {flavor: f}}",
        "Heat 27.0.1: Neither image nor bootable volume is specified for instance s",
    ),
    (  # srv_bdm_vdb
        "s: {type: OS::Nova::Server, properties: {flavor: f, block_device_mapping: [{device_name: vdb, volume_id: v}]}}",
        "Heat 27.0.1: Neither image nor bootable volume is specified for instance s",
    ),
    (  # srv_bdm_both_ids
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, block_device_mapping: [{device_name: vdb, volume_id: v, snapshot_id: s}]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: volume_id, snapshot_id.",
    ),
    (  # srv_bdm_no_ids
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, block_device_mapping: [{device_name: vdb}]}}",
        "Heat 27.0.1: Either volume_id or snapshot_id must be specified for device mapping vdb",
    ),
    (  # srv_bdm_and_v2
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, block_device_mapping: [{device_name: vdb, volume_id: v}], block_device_mapping_v2: [{volume_id: w, boot_index: 1}]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: block_device_mapping, block_device_mapping_v2.",
    ),
    (  # srv_v2_boot_index1
        "s: {type: OS::Nova::Server, properties: {flavor: f, block_device_mapping_v2: [{volume_id: w, boot_index: 1}]}}",
        "Heat 27.0.1: Neither image nor bootable volume is specified for instance s",
    ),
    (  # srv_v2_multi
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, block_device_mapping_v2: [{volume_id: w}]}}",
        "Heat 27.0.1: Multiple bootable sources for instance s.",
    ),
    (  # srv_v2_multi2
        "s: {type: OS::Nova::Server, properties: {flavor: f, block_device_mapping_v2: [{volume_id: w}, {image: x, boot_index: 0}]}}",
        "Heat 27.0.1: Multiple bootable sources for instance s.",
    ),
    (  # srv_v2_conflict
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, block_device_mapping_v2: [{volume_id: w, swap_size: 1, boot_index: 2}]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: volume_id, snapshot_id, image, swap_size, ephemeral_size, ephemeral_format.",
    ),
    (  # srv_v2_nothing
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, block_device_mapping_v2: [{boot_index: 2}]}}",
        "Heat 27.0.1: Either volume_id, snapshot_id, image_id, swap_size, ephemeral_size or ephemeral_format must be specified.",
    ),
    (  # srv_v2_image_id_both
        "s: {type: OS::Nova::Server, properties: {flavor: f, block_device_mapping_v2: [{image: a, image_id: b}]}}",
        "Heat 27.0.1: Property error: resources.s.properties.block_device_mapping_v2[0].image: Cannot define the following properties at the same time: block_device_mapping_v2.image, block_device_mapping_v2.image_id",
    ),
    (  # srv_net_empty
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, networks: [{fixed_ip: 10.0.0.1}]}}",
        'Heat 27.0.1: One of the properties "network", "port", "allocate_network" or "subnet" should be set for the specified network of server "s".',
    ),
    (  # srv_net_uuid_both
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, networks: [{uuid: n, network: m}]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: networks.network, networks.uuid",
    ),
    (  # srv_net_alloc_other
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, networks: [{allocate_network: auto, tag: x}]}}",
        'Heat 27.0.1: Can not specify "allocate_network" with other keys of networks at the same time.',
    ),
    (  # srv_net_alloc_multi
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, networks: [{allocate_network: auto}, {network: n}]}}",
        'Heat 27.0.1: Property "allocate_network" can not be specified if multiple network interfaces set for server.',
    ),
    (  # srv_net_fixed_port
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, networks: [{port: p, fixed_ip: 10.0.0.1}]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: networks/fixed_ip, networks/port.",
    ),
    (  # srv_net_fip
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, networks: [{network: n, floating_ip: fip}]}}",
        'Heat 27.0.1: Property "floating_ip" is not supported if only "network" is specified, because the corresponding port can not be retrieved.',
    ),
    (  # srv_port_sg
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, security_groups: [default], networks: [{port: p}]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: security_groups, networks/port.",
    ),
    (  # srv_deploy_meta
        "s: {type: OS::Nova::Server, metadata: {deployments: []}, properties: {flavor: f, image: i, user_data_format: SOFTWARE_CONFIG}}",
        "Heat 27.0.1: deployments key not allowed in resource metadata with user_data_format of SOFTWARE_CONFIG",
    ),
    (  # sd_default_format
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i}}\n"
        "d: {type: OS::Heat::SoftwareDeployment, properties: {server: {get_resource: s}}}\n",
        "Heat 27.0.1: Resource s's property user_data_format should be set to SOFTWARE_CONFIG since there are software deployments on it.",
    ),
    (  # sd_raw_literal
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, user_data_format: RAW}}\n"
        "d: {type: OS::Heat::StructuredDeployment, properties: {server: s}}\n",
        "Heat 27.0.1: Resource s's property user_data_format should be set to SOFTWARE_CONFIG since there are software deployments on it.",
    ),
    (  # asg_min_max
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {AvailabilityZones: [z], MinSize: 3, MaxSize: 1, LaunchConfigurationName: {get_resource: lc}}}\n",
        "Heat 27.0.1: MinSize can not be greater than MaxSize",
    ),
    (  # asg_min_neg
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {AvailabilityZones: [z], MinSize: -1, MaxSize: 1, LaunchConfigurationName: {get_resource: lc}}}\n",
        "Heat 27.0.1: The size of AutoScalingGroup can not be less than zero",
    ),
    (  # asg_desired
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {AvailabilityZones: [z], MinSize: 1, MaxSize: 3, DesiredCapacity: 4, LaunchConfigurationName: {get_resource: lc}}}\n",
        "Heat 27.0.1: DesiredCapacity must be between MinSize and MaxSize",
    ),
    (  # asg_vpc
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {AvailabilityZones: [z], MinSize: 1, MaxSize: 3, VPCZoneIdentifier: [a, b], LaunchConfigurationName: {get_resource: lc}}}\n",
        "Heat 27.0.1: Anything other than one VPCZoneIdentifier is not supported.",
    ),
    (  # asg_neither
        "g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {AvailabilityZones: [z], MinSize: 1, MaxSize: 3}}",
        "Heat 27.0.1: Either 'InstanceId' or 'LaunchConfigurationName' must be provided.",
    ),
    (  # asg_lc_literal
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {AvailabilityZones: [z], MinSize: 1, MaxSize: 3, LaunchConfigurationName: lc}}\n",
        "Heat 27.0.1: ValueError: resources.g: LaunchConfigurationName (lc) requires a reference to the configuration not just the name of the resource.",
    ),
    (  # asg_lc_missing
        "g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {AvailabilityZones: [z], MinSize: 1, MaxSize: 3, LaunchConfigurationName: nope}}",
        "Heat 27.0.1: ValueError: resources.g: LaunchConfigurationName (nope) reference can not be found.",
    ),
    (  # asg_pause
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {AvailabilityZones: [z], MinSize: 1, MaxSize: 3, LaunchConfigurationName: {get_resource: lc}}, update_policy: {AutoScalingRollingUpdate: {PauseTime: PT2H}}}\n",
        "Heat 27.0.1: ValueError: resources.g: Maximum PauseTime is 1 hour.",
    ),
    (  # asg_pause_bad
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {AvailabilityZones: [z], MinSize: 1, MaxSize: 3, LaunchConfigurationName: {get_resource: lc}}, update_policy: {AutoScalingRollingUpdate: {PauseTime: 2 hours}}}\n",
        "Heat 27.0.1: ValueError: resources.g: Only ISO 8601 duration format of the form PT#H#M#S is supported.",
    ),
    (  # osasg_min_max
        "g: {type: OS::Heat::AutoScalingGroup, properties: {min_size: 3, max_size: 1, resource: {type: OS::Heat::None}}}",
        "Heat 27.0.1: MinSize can not be greater than MaxSize",
    ),
    (  # osasg_desired
        "g: {type: OS::Heat::AutoScalingGroup, properties: {min_size: 1, max_size: 2, desired_capacity: 0, resource: {type: OS::Heat::None}}}",
        "Heat 27.0.1: DesiredCapacity must be between MinSize and MaxSize",
    ),
    (  # ig_pause
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: OS::Heat::InstanceGroup, properties: {AvailabilityZones: [z], Size: 1, LaunchConfigurationName: {get_resource: lc}}, update_policy: {RollingUpdate: {PauseTime: PT1H1S}}}\n",
        "Heat 27.0.1: ValueError: resources.g: Maximum PauseTime is 1 hour.",
    ),
    (  # ig_lc_literal
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: OS::Heat::InstanceGroup, properties: {AvailabilityZones: [z], Size: 1, LaunchConfigurationName: lc}}\n",
        "Heat 27.0.1: ValueError: resources.g: LaunchConfigurationName (lc) requires a reference to the configuration not just the name of the resource.",
    ),
    (  # lc_noimage
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {InstanceType: f}}",
        "Heat 27.0.1: If without InstanceId, ImageId and InstanceType are required.",
    ),
    (  # lc_bdm_noebs
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f, BlockDeviceMappings: [{DeviceName: vdb}]}}",
        "Heat 27.0.1: Ebs is missing, this is required when specifying BlockDeviceMappings.",
    ),
    (  # lc_bdm_nosnap
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f, BlockDeviceMappings: [{DeviceName: vdb, Ebs: {VolumeSize: '1'}}]}}",
        "Heat 27.0.1: SnapshotId is missing, this is required when specifying BlockDeviceMappings.",
    ),
    (  # inst_sg_ni
        "i: {type: AWS::EC2::Instance, properties: {ImageId: i, InstanceType: f, SecurityGroups: [a], NetworkInterfaces: [n]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: SecurityGroups/SecurityGroupIds, NetworkInterfaces.",
    ),
    (  # inst_bdm
        "i: {type: AWS::EC2::Instance, properties: {ImageId: i, InstanceType: f, BlockDeviceMappings: [{DeviceName: vdb, Ebs: {}}]}}",
        "Heat 27.0.1: SnapshotId is missing, this is required when specifying BlockDeviceMappings.",
    ),
    (  # eip_none
        "a: {type: AWS::EC2::EIPAssociation, properties: {InstanceId: x}}",
        "Heat 27.0.1: Either 'EIP' or 'AllocationId' must be provided.",
    ),
    (  # eip_noinst
        "a: {type: AWS::EC2::EIPAssociation, properties: {EIP: 1.2.3.4, NetworkInterfaceId: n}}",
        "Heat 27.0.1: Must specify 'InstanceId' if you specify 'EIP'.",
    ),
    (  # eip_alloc
        "a: {type: AWS::EC2::EIPAssociation, properties: {AllocationId: x}}",
        "Heat 27.0.1: At least one of the following properties must be specified: InstanceId, NetworkInterfaceId.",
    ),
    (  # sp_min_step
        "p: {type: OS::Heat::ScalingPolicy, properties: {adjustment_type: change_in_capacity, auto_scaling_group_id: g, scaling_adjustment: 1, min_adjustment_step: 1}}",
        "Heat 27.0.1: min_adjustment_step property should only be specified for adjustment_type with value percent_change_in_capacity.",
    ),
    (  # awssp_min_step
        "p: {type: AWS::AutoScaling::ScalingPolicy, properties: {AdjustmentType: ChangeInCapacity, AutoScalingGroupName: g, ScalingAdjustment: 1, MinAdjustmentStep: 1}}",
        "Heat 27.0.1: MinAdjustmentStep property should only be specified for AdjustmentType with value PercentChangeInCapacity.",
    ),
    (  # bc_dup
        "c: {type: OS::Barbican::GenericContainer, properties: {secrets: [{name: a, ref: x}, {name: b, ref: x}]}}",
        "Heat 27.0.1: Duplicate refs are not allowed.",
    ),
    (  # bcert_dup
        "c: {type: OS::Barbican::CertificateContainer, properties: {name: x, certificate_ref: r, private_key_ref: r}}",
        "Heat 27.0.1: Duplicate refs are not allowed.",
    ),
    (  # brsa_dup
        "c: {type: OS::Barbican::RSAContainer, properties: {name: r, private_key_ref: r, public_key_ref: r}}",
        "Heat 27.0.1: Duplicate refs are not allowed.",
    ),
    (  # bo_key_noalg
        "o: {type: OS::Barbican::Order, properties: {type: key}}",
        "Heat 27.0.1: Properties algorithm and bit_length are required for key type of order.",
    ),
    (  # bo_key_unexpected
        "o: {type: OS::Barbican::Order, properties: {type: key, algorithm: aes, bit_length: 256, pass_phrase: x, ca_id: y}}",
        "Heat 27.0.1: Unexpected properties: ca_id, pass_phrase. Only these properties are allowed for key type of order: algorithm, bit_length, expiration, mode, name, payload_content_type.",
    ),
    (  # bo_cert_profile
        "o: {type: OS::Barbican::Order, properties: {type: certificate, profile: p}}",
        "Heat 27.0.1: profile cannot be specified without ca_id.",
    ),
    (  # bs_type_nopayload
        "s: {type: OS::Barbican::Secret, properties: {payload_content_type: text/plain}}",
        "Heat 27.0.1: payload_content_type cannot be specified without payload.",
    ),
    (  # bs_octet_noenc
        "s: {type: OS::Barbican::Secret, properties: {payload_content_type: application/octet-stream, payload: abcd}}",
        "Heat 27.0.1: Property unspecified. For 'application/octet-stream' value of 'payload_content_type' property, 'payload_content_encoding' property must be specified.",
    ),
    (  # bs_octet_badb64
        "s: {type: OS::Barbican::Secret, properties: {payload_content_type: application/octet-stream, payload: abc, payload_content_encoding: base64}}",
        "Heat 27.0.1: Invalid payload for specified 'base64' value of 'payload_content_encoding' property.",
    ),
    (  # bs_enc_plain
        "s: {type: OS::Barbican::Secret, properties: {payload_content_type: text/plain, payload: abc, payload_content_encoding: base64}}",
        "Heat 27.0.1: payload_content_encoding property should only be specified for payload_content_type with value application/octet-stream.",
    ),
    (  # bs_enc_only
        "s: {type: OS::Barbican::Secret, properties: {payload_content_encoding: base64}}",
        "Heat 27.0.1: payload_content_encoding property should only be specified for payload_content_type with value application/octet-stream.",
    ),
    (  # ap_missing
        "w: {type: OS::Heat::WaitConditionHandle}\n"
        "p: {type: OS::Heat::AccessPolicy, properties: {AllowedResources: [w, nope]}}\n",
        "Heat 27.0.1: AccessPolicy resource nope not in stack",
    ),
    (  # ap_disabled
        "w: {type: OS::Heat::WaitConditionHandle, condition: false}\n"
        "p: {type: OS::Heat::AccessPolicy, properties: {AllowedResources: [w]}}\n",
        "Heat 27.0.1: AccessPolicy resource w not in stack",
    ),
    (  # rs_len
        "r: {type: OS::Heat::RandomString, properties: {length: 2, character_classes: [{class: digits, min: 2}], character_sequences: [{sequence: '!', min: 1}]}}",
        "Heat 27.0.1: Length property cannot be smaller than combined character class and character sequence minimums",
    ),
    (  # rs_len_default_class
        "r: {type: OS::Heat::RandomString, properties: {length: 1, character_sequences: [{sequence: '!'}]}}",
        "Heat 27.0.1: Length property cannot be smaller than combined character class and character sequence minimums",
    ),
    (  # sc_dup
        "c: {type: OS::Heat::SoftwareComponent, properties: {configs: [{tool: script, config: a}, {tool: script, config: b, actions: [UPDATE]}]}}",
        'Heat 27.0.1: Defining more than one configuration for the same action in SoftwareComponent "c" is not allowed.',
    ),
    (  # ks_both
        "g: {type: OS::Keystone::Group, properties: {roles: [{role: admin, project: p, domain: d}]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: project, domain.",
    ),
    (  # ks_neither
        "u: {type: OS::Keystone::UserRoleAssignment, properties: {user: u, roles: [{role: admin}]}}",
        "Heat 27.0.1: Either project or domain must be specified for role admin",
    ),
    (  # ks_user_neither
        "u: {type: OS::Keystone::User, properties: {roles: [{role: admin}]}}",
        "Heat 27.0.1: Either project or domain must be specified for role admin",
    ),
    (  # mg_vd
        "t: {type: OS::Magnum::ClusterTemplate, properties: {coe: kubernetes, external_network: n, image: i, volume_driver: rexray}}",
        "Heat 27.0.1: Volume driver type rexray is not supported by COE:kubernetes, expecting a ['cinder'] volume driver.",
    ),
    (  # mn_nova
        "n: {type: OS::Manila::ShareNetwork, properties: {nova_network: x}}",
        "Heat 27.0.1: Nova network is no longer supported",
    ),
    (  # mn_nosub
        "n: {type: OS::Manila::ShareNetwork, properties: {neutron_network: x}}",
        "Heat 27.0.1: neutron_network cannot be specified without neutron_subnet.",
    ),
    (  # ct_none
        "c: {type: OS::Mistral::CronTrigger, properties: {workflow: {name: w}}}",
        "Heat 27.0.1: At least one of the following properties must be specified: pattern, first_time.",
    ),
    (  # zq_bad
        "s: {type: OS::Zaqar::Subscription, properties: {queue_name: q, subscriber: 'ftp://x'}}",
        "Heat 27.0.1: The subscriber type of must be one of: http, https, mailto, trust+http, trust+https.",
    ),
    (  # zun_restart
        "c: {type: OS::Zun::Container, properties: {image: i, restart_policy: sometimes}}",
        'Heat 27.0.1: restart_policy "sometimes" is invalid. Valid values are "no", "on-failure[:max-retry]", "always", and "unless-stopped".',
    ),
    (  # zun_restart2
        "c: {type: OS::Zun::Container, properties: {image: i, restart_policy: 'always:3'}}",
        'Heat 27.0.1: restart_policy "always:3" is invalid. Valid values are "no", "on-failure[:max-retry]", "always", and "unless-stopped".',
    ),
    (  # zun_restart3
        "c: {type: OS::Zun::Container, properties: {image: i, restart_policy: 'on-failure:3:4'}}",
        "Heat 27.0.1: ValueError: resources.c: too many values to unpack (expected 2)",
    ),
    (  # zun_mount_none
        "c: {type: OS::Zun::Container, properties: {image: i, mounts: [{mount_path: /x}]}}",
        'Heat 27.0.1: One of the properties "volume_id" or "volume_size" should be set for the specified mount of container "c".',
    ),
    (  # zun_mount_both
        "c: {type: OS::Zun::Container, properties: {image: i, mounts: [{mount_path: /x, volume_id: v, volume_size: 1}]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: networks/volume_id, networks/volume_size.",
    ),
    (  # zun_net_none
        "c: {type: OS::Zun::Container, properties: {image: i, networks: [{fixed_ip: 10.0.0.1}]}}",
        "Heat 27.0.1: At least one of the following properties must be specified: network, port.",
    ),
    (  # zun_net_port_ip
        "c: {type: OS::Zun::Container, properties: {image: i, networks: [{port: p, fixed_ip: 10.0.0.1}]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: networks.fixed_ip, networks.port.",
    ),
    (  # tr_users_nodb (lookups stubbed)
        "t: {type: OS::Trove::Instance, properties: {flavor: f, size: 1, users: [{name: usr, password: pw, databases: [d]}]}}",
        "Heat 27.0.1: Databases property is required if users property is provided for resource t.",
    ),
    (  # tr_users_missingdb (lookups stubbed)
        "t: {type: OS::Trove::Instance, properties: {flavor: f, size: 1, databases: [{name: db1}], users: [{name: usr, password: pw, databases: [db1, db2]}]}}",
        "Heat 27.0.1: Database ['db2'] specified for user does not exist in databases for resource t.",
    ),
    (  # tr_nic (lookups stubbed)
        "t: {type: OS::Trove::Instance, properties: {flavor: f, size: 1, networks: [{fixed_ip: 10.0.0.1}]}}",
        "Heat 27.0.1: Either network or port must be provided.",
    ),
    (  # tr_nic_both (lookups stubbed)
        "t: {type: OS::Trove::Instance, properties: {flavor: f, size: 1, networks: [{network: n, port: p}]}}",
        "Heat 27.0.1: Either network or port must be provided.",
    ),
    (  # trc_nic (lookups stubbed)
        "t: {type: OS::Trove::Cluster, properties: {datastore_type: mysql, datastore_version: '5.7', instances: [{flavor: f, volume_size: 1, networks: [{fixed_ip: 10.0.0.1}]}]}}",
        "Heat 27.0.1: Either network or port must be provided.",
    ),
    (  # trc_nic_both (lookups stubbed)
        "t: {type: OS::Trove::Cluster, properties: {datastore_type: mysql, datastore_version: '5.7', instances: [{flavor: f, volume_size: 1, networks: [{network: n, port: p}]}]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: network, port.",
    ),
    (  # fip_fixed_noport
        "f: {type: OS::Neutron::FloatingIP, properties: {floating_network: n, fixed_ip_address: 10.0.0.1}}",
        "Heat 27.0.1: fixed_ip_address cannot be specified without port_id.",
    ),
    (  # fip_both_net
        "f: {type: OS::Neutron::FloatingIP, properties: {floating_network: n, floating_network_id: m}}",
        "Heat 27.0.1: Property error: resources.f.properties.floating_network: Cannot define the following properties at the same time: floating_network, floating_network_id",
    ),
    (  # net_vs_shared
        "n: {type: OS::Neutron::Net, properties: {value_specs: {shared: true}}}",
        "Heat 27.0.1: shared not allowed in value_specs",
    ),
    (  # net_vs_name
        "n: {type: OS::Neutron::Net, properties: {value_specs: {name: x}}}",
        "Heat 27.0.1: name not allowed in value_specs",
    ),
    (  # ng_vlan
        "g: {type: OS::Neutron::NetworkGateway, properties: {devices: [{id: d, interface_name: i}], connections: [{network: n, segmentation_type: vlan}]}}",
        "Heat 27.0.1: segmentation_id must be specified for using vlan",
    ),
    (  # ng_flat
        "g: {type: OS::Neutron::NetworkGateway, properties: {devices: [{id: d, interface_name: i}], connections: [{network: n, segmentation_id: 3}]}}",
        "Heat 27.0.1: segmentation_id cannot be specified except 0 for using flat",
    ),
    (  # ng_netid_both
        "g: {type: OS::Neutron::NetworkGateway, properties: {devices: [{id: d, interface_name: i}], connections: [{network: n, network_id: m}]}}",
        "Heat 27.0.1: Property error: resources.g.properties.connections[0].network: Cannot define the following properties at the same time: connections.network, connections.network_id",
    ),
    (  # port_fixed_nofixed
        "p: {type: OS::Neutron::Port, properties: {network: n, fixed_ips: [{ip_address: 10.0.0.1}], no_fixed_ips: true}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: fixed_ips, no_fixed_ips.",
    ),
    (  # port_netid_both
        "p: {type: OS::Neutron::Port, properties: {network: n, network_id: m}}",
        "Heat 27.0.1: Property error: resources.p.properties.network: Cannot define the following properties at the same time: network, network_id",
    ),
    (  # port_subnetid_both
        "p: {type: OS::Neutron::Port, properties: {network: n, fixed_ips: [{subnet: a, subnet_id: b}]}}",
        "Heat 27.0.1: Property error: resources.p.properties.fixed_ips[0].subnet: Cannot define the following properties at the same time: fixed_ips.subnet, fixed_ips.subnet_id",
    ),
    (  # pn_seg_flat
        "n: {type: OS::Neutron::ProviderNet, properties: {network_type: flat, segmentation_id: '5', physical_network: physnet}}",
        "Heat 27.0.1: segmentation_id not allowed for network types: local, flat",
    ),
    (  # pn_phys_vxlan
        "n: {type: OS::Neutron::ProviderNet, properties: {network_type: vxlan, physical_network: physnet}}",
        "Heat 27.0.1: physical_network not allowed for network types: vxlan, gre, geneve, flat",
    ),
    (  # rbac_bad
        "r: {type: OS::Neutron::RBACPolicy, properties: {action: access_as_external, object_type: qos_policy, object_id: o, target_tenant: t}}",
        'Heat 27.0.1: Property error: resources.r.properties.action: Invalid action "access_as_external" for object type qos_policy. Valid actions: access_as_shared',
    ),
    (  # rt_dist_agents
        "r: {type: OS::Neutron::Router, properties: {distributed: true, l3_agent_ids: [a]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: distributed, l3_agent_id/l3_agent_ids.",
    ),
    (  # rt_dist_agent
        "r: {type: OS::Neutron::Router, properties: {distributed: true, l3_agent_id: a}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: distributed, l3_agent_id/l3_agent_ids.",
    ),
    (  # rt_ha_dist
        "r: {type: OS::Neutron::Router, properties: {distributed: true, ha: true}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: distributed, ha.",
    ),
    (  # rt_nonha_agents
        "r: {type: OS::Neutron::Router, properties: {l3_agent_ids: [a, b]}}",
        "Heat 27.0.1: Non HA routers can only have one L3 agent.",
    ),
    (  # rt_nonha_agent_and_ids
        "r: {type: OS::Neutron::Router, properties: {l3_agent_id: c, l3_agent_ids: [a]}}",
        'Heat 27.0.1: Property error: resources.r.properties.l3_agent_ids[0]: Incorrect translation rule using - cannot resolve Add rule for non-list translation value "l3_agent_ids.0".',
    ),
    (  # ri_both
        "i: {type: OS::Neutron::RouterInterface, properties: {router: r, subnet: s, port: p}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: subnet, port.",
    ),
    (  # ri_both_old
        "i: {type: OS::Neutron::RouterInterface, properties: {router: r, subnet_id: s, port_id: p}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: subnet, port.",
    ),
    (  # ri_none
        "i: {type: OS::Neutron::RouterInterface, properties: {router: r}}",
        "Heat 27.0.1: At least one of the following properties must be specified: subnet, port.",
    ),
    (  # ri_dup
        "i: {type: OS::Neutron::RouterInterface, properties: {router: r, router_id: q, subnet: s}}",
        "Heat 27.0.1: Property error: resources.i.properties.router: Cannot define the following properties at the same time: router, router_id",
    ),
    (  # rg_dup
        "i: {type: OS::Neutron::RouterGateway, properties: {router_id: r, network: n, network_id: m}}",
        "Heat 27.0.1: Property error: resources.i.properties.network: Cannot define the following properties at the same time: network, network_id",
    ),
    (  # vpn_dup
        "v: {type: OS::Neutron::VPNService, properties: {router: r, subnet: s, subnet_id: t}}",
        "Heat 27.0.1: Property error: resources.v.properties.subnet: Cannot define the following properties at the same time: subnet, subnet_id",
    ),
    (  # sg_default
        "g: {type: OS::Neutron::SecurityGroup, properties: {name: default}}",
        'Heat 27.0.1: Security groups cannot be assigned the name "default".',
    ),
    (  # sgr_remote
        "r: {type: OS::Neutron::SecurityGroupRule, properties: {security_group: s, remote_group: g, remote_ip_prefix: 10.0.0.0/8}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: remote_group, remote_ip_prefix.",
    ),
    (  # sgr_ports
        "r: {type: OS::Neutron::SecurityGroupRule, properties: {security_group: s, port_range_min: 100, port_range_max: 10}}",
        "Heat 27.0.1: The minimum port number must be less than or equal to the maximum port number.",
    ),
    (  # seg_flat_nophys
        "s: {type: OS::Neutron::Segment, properties: {network: n, network_type: flat}}",
        "Heat 27.0.1: physical_network is required for flat provider network.",
    ),
    (  # seg_vlan_noid
        "s: {type: OS::Neutron::Segment, properties: {network: n, network_type: vlan, physical_network: p}}",
        "Heat 27.0.1: segmentation_id is required for vlan provider network.",
    ),
    (  # seg_flat_id
        "s: {type: OS::Neutron::Segment, properties: {network: n, network_type: flat, physical_network: p, segmentation_id: 3}}",
        "Heat 27.0.1: segmentation_id is prohibited for flat provider network.",
    ),
    (  # seg_vxlan_phys
        "s: {type: OS::Neutron::Segment, properties: {network: n, network_type: vxlan, physical_network: p}}",
        "Heat 27.0.1: physical_network is prohibited for vxlan provider network.",
    ),
    (  # seg_vlan_big
        "s: {type: OS::Neutron::Segment, properties: {network: n, network_type: vlan, physical_network: p, segmentation_id: 5000}}",
        "Heat 27.0.1: Up to 4094 VLAN network segments can exist on each physical_network.",
    ),
    (  # sub_none
        "s: {type: OS::Neutron::Subnet, properties: {network: n}}",
        "Heat 27.0.1: At least one of the following properties must be specified: subnetpool, cidr.",
    ),
    (  # sub_pool_cidr
        "s: {type: OS::Neutron::Subnet, properties: {network: n, subnetpool: p, cidr: 10.0.0.0/24}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: subnetpool, cidr.",
    ),
    (  # sub_prefix_cidr
        "s: {type: OS::Neutron::Subnet, properties: {network: n, prefixlen: 24, cidr: 10.0.0.0/24}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: prefixlen, cidr.",
    ),
    (  # sub_v4_ra
        "s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 10.0.0.0/24, ipv6_ra_mode: slaac}}",
        "Heat 27.0.1: ipv6_ra_mode and ipv6_address_mode are not supported for ipv4.",
    ),
    (  # sub_v6_modes
        "s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 'fd00::/64', ip_version: 6, ipv6_ra_mode: slaac, ipv6_address_mode: dhcpv6-stateful}}",
        "Heat 27.0.1: When both ipv6_ra_mode and ipv6_address_mode are set, they must be equal.",
    ),
    (  # sub_gw
        "s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 10.0.0.0/24, gateway_ip: not-an-ip}}",
        "Heat 27.0.1: ('Gateway IP address \"%(gateway)s\" is in invalid format.', 'not-an-ip')",
    ),
    (  # sp_bounds
        "p: {type: OS::Neutron::SubnetPool, properties: {prefixes: [10.0.0.0/8], min_prefixlen: 28, max_prefixlen: 24}}",
        "Heat 27.0.1: Illegal prefix bounds: max_prefixlen=24, min_prefixlen=28.",
    ),
    (  # sp_default_gt_max
        "p: {type: OS::Neutron::SubnetPool, properties: {prefixes: [10.0.0.0/8], default_prefixlen: 28, max_prefixlen: 24}}",
        "Heat 27.0.1: Illegal prefix bounds: max_prefixlen=24, default_prefixlen=28.",
    ),
    (  # sp_min_gt_default
        "p: {type: OS::Neutron::SubnetPool, properties: {prefixes: [10.0.0.0/8], default_prefixlen: 20, min_prefixlen: 24}}",
        "Heat 27.0.1: Illegal prefix bounds: min_prefixlen=24, default_prefixlen=20.",
    ),
    (  # l7p_reject (lookups stubbed)
        "p: {type: OS::Octavia::L7Policy, properties: {listener: l, action: REJECT, redirect_url: 'http://x'}}",
        "Heat 27.0.1: Properties redirect_pool and redirect_url are not required when action type is set to REJECT.",
    ),
    (  # l7p_pool_url (lookups stubbed)
        "p: {type: OS::Octavia::L7Policy, properties: {listener: l, action: REDIRECT_TO_POOL, redirect_pool: p, redirect_url: 'http://x'}}",
        "Heat 27.0.1: redirect_url property should only be specified for action with value REDIRECT_TO_URL.",
    ),
    (  # l7p_pool_none (lookups stubbed)
        "p: {type: OS::Octavia::L7Policy, properties: {listener: l, action: REDIRECT_TO_POOL}}",
        "Heat 27.0.1: Property redirect_pool is required when action type is set to REDIRECT_TO_POOL.",
    ),
    (  # l7p_url_pool (lookups stubbed)
        "p: {type: OS::Octavia::L7Policy, properties: {listener: l, action: REDIRECT_TO_URL, redirect_pool: p, redirect_url: 'http://x'}}",
        "Heat 27.0.1: redirect_pool property should only be specified for action with value REDIRECT_TO_POOL.",
    ),
    (  # l7p_url_none (lookups stubbed)
        "p: {type: OS::Octavia::L7Policy, properties: {listener: l, action: REDIRECT_TO_URL}}",
        "Heat 27.0.1: Property redirect_url is required when action type is set to REDIRECT_TO_URL.",
    ),
    (  # l7r_header (lookups stubbed)
        "r: {type: OS::Octavia::L7Rule, properties: {l7policy: p, type: HEADER, compare_type: EQUAL_TO, value: v}}",
        "Heat 27.0.1: Property key is missing. This property should be specified for rules of HEADER and COOKIE types.",
    ),
    (  # lis_tls (lookups stubbed)
        "l: {type: OS::Octavia::Listener, properties: {loadbalancer: lb, protocol: TERMINATED_HTTPS, protocol_port: 443}}",
        "Heat 27.0.1: Property default_tls_container_ref required when protocol is TERMINATED_HTTPS.",
    ),
    (  # pool_none (lookups stubbed)
        "p: {type: OS::Octavia::Pool, properties: {lb_algorithm: ROUND_ROBIN, protocol: HTTP}}",
        "Heat 27.0.1: At least one of the following properties must be specified: listener, loadbalancer.",
    ),
    (  # pool_app (lookups stubbed)
        "p: {type: OS::Octavia::Pool, properties: {listener: l, lb_algorithm: ROUND_ROBIN, protocol: HTTP, session_persistence: {type: APP_COOKIE}}}",
        "Heat 27.0.1: Property cookie_name is required when session_persistence type is set to APP_COOKIE.",
    ),
    (  # pool_srcip (lookups stubbed)
        "p: {type: OS::Octavia::Pool, properties: {listener: l, lb_algorithm: ROUND_ROBIN, protocol: HTTP, session_persistence: {type: SOURCE_IP, cookie_name: c}}}",
        "Heat 27.0.1: Property cookie_name must NOT be specified when session_persistence type is set to SOURCE_IP.",
    ),
    (  # rg_member_server
        "g: {type: OS::Heat::ResourceGroup, properties: {count: 2, resource_def: {type: OS::Nova::Server, properties: {flavor: f}}}}",
        "Heat 27.0.1: resources.g<nested_stack>: Neither image nor bootable volume is specified for instance 0",
    ),
    (  # sub_gw_space
        "s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 10.0.0.0/24, gateway_ip: ' 10.0.0.1'}}",
        "Heat 27.0.1: ('Gateway IP address \"%(gateway)s\" is in invalid format.', ' 10.0.0.1')",
    ),
    (  # sub_ipv_str
        "s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 10.0.0.0/24, ip_version: '4', ipv6_ra_mode: slaac}}",
        "Heat 27.0.1: ipv6_ra_mode and ipv6_address_mode are not supported for ipv4.",
    ),
    (  # rt_agent_ids_empty
        "r: {type: OS::Neutron::Router, properties: {l3_agent_id: c, l3_agent_ids: []}}",
        'Heat 27.0.1: Property error: resources.r.properties.l3_agent_ids[0]: Incorrect translation rule using - cannot resolve Add rule for non-list translation value "l3_agent_ids.0".',
    ),
    (  # sgr_ports_str
        "r: {type: OS::Neutron::SecurityGroupRule, properties: {security_group: s, port_range_min: '100', port_range_max: '10'}}",
        "Heat 27.0.1: The minimum port number must be less than or equal to the maximum port number.",
    ),
    (  # sgr_ports_proto_num
        "r: {type: OS::Neutron::SecurityGroupRule, properties: {security_group: s, protocol: 1, port_range_min: 100, port_range_max: 10}}",
        "Heat 27.0.1: The minimum port number must be less than or equal to the maximum port number.",
    ),
    (  # fw_vs
        "f: {type: OS::Neutron::Firewall, properties: {firewall_policy_id: p, value_specs: {tenant_id: x, name: y}}}",
        "Heat 27.0.1: name, tenant_id not allowed in value_specs",
    ),
    (  # seg_local_id
        "s: {type: OS::Neutron::Segment, properties: {network: n, network_type: local, segmentation_id: 3}}",
        "Heat 27.0.1: segmentation_id is prohibited for local provider network.",
    ),
    (  # cinder_size_imageref_snap
        "v: {type: OS::Cinder::Volume, properties: {size: 1, imageRef: i, snapshot_id: s}}",
        'Heat 27.0.1: If "size" is provided, only one of "image", "imageRef", "source_volid", "snapshot_id" can be specified, but currently specified options: [\'snapshot_id\', \'image\'].',
    ),
    (  # asg_instanceid_and_lc
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {AvailabilityZones: [z], MinSize: 1, MaxSize: 3, InstanceId: x, LaunchConfigurationName: {get_resource: lc}}}\n",
        "Heat 27.0.1: Either 'InstanceId' or 'LaunchConfigurationName' must be provided.",
    ),
    (  # srv_v2_swap_boot
        "s: {type: OS::Nova::Server, properties: {flavor: f, block_device_mapping_v2: [{swap_size: 1}]}}",
        "Heat 27.0.1: Neither image nor bootable volume is specified for instance s",
    ),
    (  # srv_bdm_vda_both
        "s: {type: OS::Nova::Server, properties: {flavor: f, block_device_mapping: [{device_name: vda}]}}",
        "Heat 27.0.1: Either volume_id or snapshot_id must be specified for device mapping vda",
    ),
    (  # srv_net_alloc_with_port
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, networks: [{allocate_network: none, port: p}]}}",
        'Heat 27.0.1: Can not specify "allocate_network" with other keys of networks at the same time.',
    ),
    (  # rg_sg_default
        "g: {type: OS::Heat::ResourceGroup, properties: {count: 2, resource_def: {type: OS::Neutron::SecurityGroup, properties: {name: default}}}}",
        'Heat 27.0.1: resources.g<nested_stack>: Security groups cannot be assigned the name "default".',
    ),
    (  # rg_default_count
        "g: {type: OS::Heat::ResourceGroup, properties: {resource_def: {type: OS::Neutron::Subnet, properties: {network: n}}}}",
        "Heat 27.0.1: PropertyUnspecifiedError: resources.g<nested_stack>: At least one of the following properties must be specified: subnetpool, cidr.",
    ),
    (  # where_mistral
        "wf: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t1, action: std.noop, timeout: 5, policies: {timeout: 6}}]}}",
        "Heat 27.0.1: Property error: resources.wf.properties.tasks[0].timeout: Cannot define the following properties at the same time: tasks.timeout, tasks.policies.timeout",
    ),
    (  # rt_agent_and_ids
        "r: {type: OS::Neutron::Router, properties: {l3_agent_id: c, l3_agent_ids: [a]}}",
        'Heat 27.0.1: Property error: resources.r.properties.l3_agent_ids[0]: Incorrect translation rule using - cannot resolve Add rule for non-list translation value "l3_agent_ids.0".',
    ),
    (  # ks_group_ra_both
        "u: {type: OS::Keystone::GroupRoleAssignment, properties: {group: g, roles: [{role: admin, domain: d, project: p}]}}",
        "Heat 27.0.1: Cannot define the following properties at the same time: project, domain.",
    ),
    (  # baymodel_vd
        "t: {type: OS::Magnum::BayModel, properties: {coe: mesos, external_network: n, image: i, volume_driver: cinder}}",
        "Heat 27.0.1: Volume driver type cinder is not supported by COE:mesos, expecting a ['rexray'] volume driver.",
    ),
    (  # rs_null_classes
        "r: {type: OS::Heat::RandomString, properties: {length: 1, character_classes: null, character_sequences: [{sequence: '!'}]}}",
        "Heat 27.0.1: Length property cannot be smaller than combined character class and character sequence minimums",
    ),
    (  # rs_seq_classes
        "r: {type: OS::Heat::RandomString, properties: {sequence: digits, character_classes: []}}",
        'Heat 27.0.1: Property error: resources.r.properties.character_classes[0]: Incorrect translation rule using - cannot resolve Add rule for non-list translation value "character_classes.0".',
    ),
    (  # seg_vlan_nothing
        "s: {type: OS::Neutron::Segment, properties: {network: n, network_type: vlan}}",
        "Heat 27.0.1: physical_network is required for vlan provider network.",
    ),
    (  # eip_nothing
        "a: {type: AWS::EC2::EIPAssociation, properties: {}}",
        "Heat 27.0.1: Either 'EIP' or 'AllocationId' must be provided.",
    ),
]

PASSING = [
    (  # mistral_retry_policies_only
        "wf: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t1, action: std.noop, policies: {retry: {count: 3}}}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # mistral_concurrency_ok
        "wf: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t1, action: std.noop, concurrency: 2, with_items: x in <% $.xs %>}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # mistral_reverse_ok
        "wf: {type: OS::Mistral::Workflow, properties: {type: reverse, params: {task_name: t1}, tasks: [{name: t1, action: std.noop, requires: [t0]}]}}",
        "Heat 27.0.1: accepted",
    ),
    ("v: {type: OS::Cinder::Volume, properties: {backup_id: b}}", "Heat 27.0.1: accepted"),  # cinder_backup
    ("v: {type: OS::Cinder::Volume, properties: {snapshot_id: s}}", "Heat 27.0.1: accepted"),  # cinder_snapshot
    ("v: {type: OS::Cinder::Volume, properties: {size: 1, image: i}}", "Heat 27.0.1: accepted"),  # cinder_size_image
    (  # cinder_vt_projects_private
        "vt: {type: OS::Cinder::VolumeType, properties: {name: x, projects: [p], is_public: false}}",
        "Heat 27.0.1: accepted",
    ),
    ("q: {type: OS::Cinder::Quota, properties: {project: p, volumes: 3}}", "Heat 27.0.1: accepted"),  # cinder_quota_ok
    (  # zone_secondary_primaries
        "z: {type: OS::Designate::Zone, properties: {name: example.com., type: SECONDARY, primaries: [1.2.3.4]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # zone_primary_email
        "z: {type: OS::Designate::Zone, properties: {name: example.com., email: a@b.c}}",
        "Heat 27.0.1: accepted",
    ),
    (  # glance_mix_disk_only
        "i: {type: OS::Glance::WebImage, properties: {container_format: bare, disk_format: ami, location: 'http://x/y'}}",
        "Heat 27.0.1: accepted",
    ),
    (  # glance_members_shared
        "i: {type: OS::Glance::WebImage, properties: {container_format: bare, disk_format: raw, location: 'http://x/y', members: [p], visibility: shared}}",
        "Heat 27.0.1: accepted",
    ),
    ("s: {type: OS::Nova::Server, properties: {flavor: f, image: i}}", "Heat 27.0.1: accepted"),  # srv_image
    (  # srv_bdm_vda
        "s: {type: OS::Nova::Server, properties: {flavor: f, block_device_mapping: [{device_name: vda, volume_id: v}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # srv_v2_boot
        "s: {type: OS::Nova::Server, properties: {flavor: f, block_device_mapping_v2: [{volume_id: w}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # srv_v2_image_id
        "s: {type: OS::Nova::Server, properties: {flavor: f, block_device_mapping_v2: [{image_id: b}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # srv_v2_eph_fmt
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, block_device_mapping_v2: [{ephemeral_format: ext4}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # srv_net_uuid
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, networks: [{uuid: n}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # srv_net_alloc
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, networks: [{allocate_network: none}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # srv_net_fip_ok
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, networks: [{network: n, subnet: x, floating_ip: fip}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # srv_deploy_meta_ok
        "s: {type: OS::Nova::Server, metadata: {deployments: []}, properties: {flavor: f, image: i}}",
        "Heat 27.0.1: accepted",
    ),
    (  # sd_ok
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, user_data_format: SOFTWARE_CONFIG}}\n"
        "d: {type: OS::Heat::SoftwareDeployment, properties: {server: {get_resource: s}}}\n",
        "Heat 27.0.1: accepted",
    ),
    (  # sd_external
        "d: {type: OS::Heat::SoftwareDeployment, properties: {server: 1234-abcd}}",
        "Heat 27.0.1: accepted",
    ),
    (  # sd_other_type
        "s: {type: OS::Heat::None}\nd: {type: OS::Heat::SoftwareDeployment, properties: {server: {get_resource: s}}}\n",
        "Heat 27.0.1: accepted",
    ),
    (  # sd_getattr
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i}}\n"
        "d: {type: OS::Heat::SoftwareDeployment, properties: {server: {get_attr: [s, show, id]}}}\n",
        "Heat 27.0.1: accepted",
    ),
    (  # asg_lc_literal_dep
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: AWS::AutoScaling::AutoScalingGroup, depends_on: lc, properties: {AvailabilityZones: [z], MinSize: 1, MaxSize: 3, LaunchConfigurationName: lc}}\n",
        "Heat 27.0.1: accepted",
    ),
    (  # asg_ok
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {AvailabilityZones: [z], MinSize: 1, MaxSize: 3, DesiredCapacity: 2, LaunchConfigurationName: {get_resource: lc}}, update_policy: {AutoScalingRollingUpdate: {PauseTime: PT1H}}}\n",
        "Heat 27.0.1: accepted",
    ),
    (  # lc_instance
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {InstanceId: x}}",
        "Heat 27.0.1: accepted",
    ),
    (  # lc_bdm_ok
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f, BlockDeviceMappings: [{DeviceName: vdb, Ebs: {SnapshotId: s}}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # inst_ok
        "i: {type: AWS::EC2::Instance, properties: {ImageId: i, InstanceType: f, SecurityGroupIds: [a]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # eip_ok
        "a: {type: AWS::EC2::EIPAssociation, properties: {AllocationId: x, NetworkInterfaceId: n}}",
        "Heat 27.0.1: accepted",
    ),
    (  # sp_ok
        "p: {type: OS::Heat::ScalingPolicy, properties: {adjustment_type: percent_change_in_capacity, auto_scaling_group_id: g, scaling_adjustment: 1, min_adjustment_step: 1}}",
        "Heat 27.0.1: accepted",
    ),
    (  # bc_ok
        "c: {type: OS::Barbican::GenericContainer, properties: {secrets: [{name: a, ref: x}, {name: b, ref: y}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # brsa_name_same
        "c: {type: OS::Barbican::RSAContainer, properties: {name: r, private_key_ref: r}}",
        "Heat 27.0.1: accepted",
    ),
    (  # bo_key_ok
        "o: {type: OS::Barbican::Order, properties: {type: key, algorithm: aes, bit_length: 256}}",
        "Heat 27.0.1: accepted",
    ),
    (  # bo_cert_ok
        "o: {type: OS::Barbican::Order, properties: {type: certificate, profile: p, ca_id: c}}",
        "Heat 27.0.1: accepted",
    ),
    (  # bs_octet_ok
        "s: {type: OS::Barbican::Secret, properties: {payload_content_type: application/octet-stream, payload: YWJj, payload_content_encoding: base64}}",
        "Heat 27.0.1: accepted",
    ),
    (  # bs_octet_junk
        "s: {type: OS::Barbican::Secret, properties: {payload_content_type: application/octet-stream, payload: YW*Jj, payload_content_encoding: base64}}",
        "Heat 27.0.1: accepted",
    ),
    (  # ap_ok
        "w: {type: OS::Heat::WaitConditionHandle}\n"
        "p: {type: OS::Heat::AccessPolicy, properties: {AllowedResources: [w]}}\n",
        "Heat 27.0.1: accepted",
    ),
    (  # rs_len_ok
        "r: {type: OS::Heat::RandomString, properties: {length: 2, character_sequences: [{sequence: '!'}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # rs_len_empty_classes
        "r: {type: OS::Heat::RandomString, properties: {length: 1, character_classes: [], character_sequences: [{sequence: '!'}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # sc_ok
        "c: {type: OS::Heat::SoftwareComponent, properties: {configs: [{tool: script, config: a, actions: [CREATE]}, {tool: script, config: b, actions: [UPDATE]}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # ks_group_ra
        "u: {type: OS::Keystone::GroupRoleAssignment, properties: {group: g, roles: [{role: admin, domain: d}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # mg_vd_ok
        "t: {type: OS::Magnum::ClusterTemplate, properties: {coe: swarm, external_network: n, image: i, volume_driver: rexray}}",
        "Heat 27.0.1: accepted",
    ),
    ("n: {type: OS::Manila::ShareNetwork, properties: {name: x}}", "Heat 27.0.1: accepted"),  # mn_ok
    (  # ct_ok
        "c: {type: OS::Mistral::CronTrigger, properties: {workflow: {name: w}, first_time: '2030-01-01 00:00'}}",
        "Heat 27.0.1: accepted",
    ),
    (  # zq_ok
        "s: {type: OS::Zaqar::Subscription, properties: {queue_name: q, subscriber: 'mailto:a@b.c'}}",
        "Heat 27.0.1: accepted",
    ),
    (  # zq_mistral
        "s: {type: OS::Zaqar::MistralTrigger, properties: {queue_name: q, workflow_id: w}}",
        "Heat 27.0.1: accepted",
    ),
    (  # zun_restart_ok
        "c: {type: OS::Zun::Container, properties: {image: i, restart_policy: 'on-failure:3'}}",
        "Heat 27.0.1: accepted",
    ),
    (  # zun_ok
        "c: {type: OS::Zun::Container, properties: {image: i, networks: [{network: n, fixed_ip: 10.0.0.1}], mounts: [{mount_path: /x, volume_size: 1}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # tr_ok (lookups stubbed)
        "t: {type: OS::Trove::Instance, properties: {flavor: f, size: 1, databases: [{name: db1}], users: [{name: usr, password: pw, databases: [db1]}], networks: [{network: n}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # fip_ok
        "f: {type: OS::Neutron::FloatingIP, properties: {floating_network_id: m, port_id: p, fixed_ip_address: 10.0.0.1}}",
        "Heat 27.0.1: accepted",
    ),
    (  # fip_vs
        "f: {type: OS::Neutron::FloatingIP, properties: {floating_network: n, value_specs: {port_id: x}}}",
        "Heat 27.0.1: accepted",
    ),
    (  # net_vs_ok
        "n: {type: OS::Neutron::Net, properties: {value_specs: {'provider:network_type': vlan}}}",
        "Heat 27.0.1: accepted",
    ),
    (  # ng_flat0
        "g: {type: OS::Neutron::NetworkGateway, properties: {devices: [{id: d, interface_name: i}], connections: [{network: n, segmentation_id: 0}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # port_ok
        "p: {type: OS::Neutron::Port, properties: {network_id: m, no_fixed_ips: true, fixed_ips: []}}",
        "Heat 27.0.1: accepted",
    ),
    (  # pn_ok
        "n: {type: OS::Neutron::ProviderNet, properties: {network_type: vlan, segmentation_id: '5', physical_network: physnet}}",
        "Heat 27.0.1: accepted",
    ),
    (  # rbac_ok
        "r: {type: OS::Neutron::RBACPolicy, properties: {action: access_as_external, object_type: network, object_id: o, target_tenant: t}}",
        "Heat 27.0.1: accepted",
    ),
    (  # rt_ha_agents
        "r: {type: OS::Neutron::Router, properties: {ha: true, l3_agent_ids: [a, b]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # ri_old
        "i: {type: OS::Neutron::RouterInterface, properties: {router_id: r, subnet_id: s}}",
        "Heat 27.0.1: accepted",
    ),
    ("g: {type: OS::Neutron::SecurityGroup, properties: {name: web}}", "Heat 27.0.1: accepted"),  # sg_ok
    (  # sgr_icmp
        "r: {type: OS::Neutron::SecurityGroupRule, properties: {security_group: s, protocol: icmp, port_range_min: 100, port_range_max: 10}}",
        "Heat 27.0.1: accepted",
    ),
    (  # seg_ok
        "s: {type: OS::Neutron::Segment, properties: {network: n, network_type: vlan, physical_network: p, segmentation_id: 100}}",
        "Heat 27.0.1: accepted",
    ),
    (  # sub_gw_null
        "s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 10.0.0.0/24, gateway_ip: '~'}}",
        "Heat 27.0.1: accepted",
    ),
    (  # sub_ok
        "s: {type: OS::Neutron::Subnet, properties: {network_id: n, subnetpool: p, prefixlen: 24}}",
        "Heat 27.0.1: accepted",
    ),
    (  # sp_ok
        "p: {type: OS::Neutron::SubnetPool, properties: {prefixes: [10.0.0.0/8], default_prefixlen: 24, min_prefixlen: 16, max_prefixlen: 28}}",
        "Heat 27.0.1: accepted",
    ),
    (  # l7p_ok (lookups stubbed)
        "p: {type: OS::Octavia::L7Policy, properties: {listener: l, action: REDIRECT_TO_URL, redirect_url: 'http://x'}}",
        "Heat 27.0.1: accepted",
    ),
    (  # l7r_ok (lookups stubbed)
        "r: {type: OS::Octavia::L7Rule, properties: {l7policy: p, type: PATH, compare_type: EQUAL_TO, value: v}}",
        "Heat 27.0.1: accepted",
    ),
    (  # lis_ok (lookups stubbed)
        "l: {type: OS::Octavia::Listener, properties: {loadbalancer: lb, protocol: HTTPS, protocol_port: 443}}",
        "Heat 27.0.1: accepted",
    ),
    (  # pool_ok (lookups stubbed)
        "p: {type: OS::Octavia::Pool, properties: {loadbalancer: l, lb_algorithm: ROUND_ROBIN, protocol: HTTP, session_persistence: {type: APP_COOKIE, cookie_name: c}}}",
        "Heat 27.0.1: accepted",
    ),
    (  # rg_member_server0
        "g: {type: OS::Heat::ResourceGroup, properties: {count: 0, resource_def: {type: OS::Nova::Server, properties: {flavor: f}}}}",
        "Heat 27.0.1: accepted",
    ),
    (  # asg_member_server0
        "g: {type: OS::Heat::AutoScalingGroup, properties: {min_size: 0, max_size: 2, resource: {type: OS::Nova::Server, properties: {flavor: f}}}}",
        "Heat 27.0.1: accepted",
    ),
    (  # disabled_server
        "s: {type: OS::Nova::Server, condition: false, properties: {flavor: f}}",
        "Heat 27.0.1: accepted",
    ),
    ("s: {type: OS::Nova::Server, properties: {flavor: f, image: null}}", "Heat 27.0.1: accepted"),  # null_image
    ("s: {type: OS::Nova::Server, properties: {flavor: f, image: ''}}", "Heat 27.0.1: accepted"),  # empty_image
    (  # sub_gw_ip
        "s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 10.0.0.0/24, gateway_ip: '10.1'}}",
        "Heat 27.0.1: accepted",
    ),
    (  # sub_gw_v6scope
        "s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 10.0.0.0/24, gateway_ip: 'fe80::1%eth0'}}",
        "Heat 27.0.1: accepted",
    ),
    (  # sub_gw_auto
        "s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 10.0.0.0/24, gateway_ip: auto}}",
        "Heat 27.0.1: accepted",
    ),
    (  # sub_gw_empty
        "s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 10.0.0.0/24, gateway_ip: ''}}",
        "Heat 27.0.1: accepted",
    ),
    (  # sub_v6_ok
        "s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: 'fd00::/64', ip_version: 6, ipv6_ra_mode: slaac, ipv6_address_mode: slaac}}",
        "Heat 27.0.1: accepted",
    ),
    ("r: {type: OS::Neutron::Router, properties: {l3_agent_id: c}}", "Heat 27.0.1: accepted"),  # rt_agent_only
    (  # ig_lc_getattr
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: OS::Heat::InstanceGroup, properties: {AvailabilityZones: [z], Size: 1, LaunchConfigurationName: {get_resource: lc}}}\n",
        "Heat 27.0.1: accepted",
    ),
    (  # srv_net_subnet_only
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, networks: [{subnet: x}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # srv_sg_empty_port
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, security_groups: [], networks: [{port: p}]}}",
        "Heat 27.0.1: accepted",
    ),
    (  # rg_sg_index
        "g: {type: OS::Heat::ResourceGroup, properties: {count: 2, resource_def: {type: OS::Neutron::SecurityGroup, properties: {name: 'default%index%'}}}}",
        "Heat 27.0.1: accepted",
    ),
    (  # asg_pause_fn
        "lc: {type: AWS::AutoScaling::LaunchConfiguration, properties: {ImageId: i, InstanceType: f}}\n"
        "g: {type: AWS::AutoScaling::AutoScalingGroup, properties: {AvailabilityZones: [z], MinSize: 1, MaxSize: 3, LaunchConfigurationName: {get_resource: lc}}, update_policy: {AutoScalingRollingUpdate: {MaxBatchSize: 2}}}\n",
        "Heat 27.0.1: accepted",
    ),
    (  # rs_seq_only
        "r: {type: OS::Heat::RandomString, properties: {sequence: digits, length: 1}}",
        "Heat 27.0.1: accepted",
    ),
    (  # ri_null_old_name
        "i: {type: OS::Neutron::RouterInterface, properties: {router: r, port_id: null}}",
        "Heat 27.0.1: accepted",
    ),
    (  # ri_falsy_new_name
        "i: {type: OS::Neutron::RouterInterface, properties: {router: 0, router_id: no, subnet: s}}",
        "Heat 27.0.1: accepted",
    ),
    (  # rg_fip_both
        "g: {type: OS::Heat::ResourceGroup, properties: {count: 1, resource_def: {type: OS::Neutron::FloatingIP, properties: {floating_network: a, floating_network_id: b}}}}",
        "Heat 27.0.1: accepted",
    ),
    (  # rg_port_both
        "g: {type: OS::Heat::ResourceGroup, properties: {count: 1, resource_def: {type: OS::Neutron::Port, properties: {network: a, network_id: b}}}}",
        "Heat 27.0.1: accepted",
    ),
    (  # asg_fip_both
        "g: {type: OS::Heat::AutoScalingGroup, properties: {min_size: 1, max_size: 1, resource: {type: OS::Neutron::FloatingIP, properties: {floating_network: a, floating_network_id: b}}}}",
        "Heat 27.0.1: accepted",
    ),
]


@pytest.mark.parametrize(("resources", "heat"), FAILING)
def test_what_heat_refuses_is_an_error_with_its_message(resources: str, heat: str):
    found = [d.message for d in errors(template(resources))]
    assert any(message.startswith(heat_message(heat)) for message in found), (heat, found)


@pytest.mark.parametrize(("resources", "heat"), PASSING)
def test_what_heat_accepts_is_not(resources: str, heat: str):
    assert errors(template(resources)) == []


# Where each finding points: the property that makes the combination wrong, else the resource's `properties`.
WHERE = [
    # Heat 27.0.1: At least one of the following properties must be specified: subnetpool, cidr.
    ("s: {type: OS::Neutron::Subnet, properties: {network: n}}", "properties"),
    # Heat 27.0.1: Cannot define the following properties at the same time: volume_id, snapshot_id.
    (
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i, "
        "block_device_mapping: [{device_name: vdb, volume_id: v, snapshot_id: s}]}}",
        "snapshot_id",
    ),
    # Heat 27.0.1: ... at the same time: tasks.timeout, tasks.policies.timeout (the key under policies)
    (
        "wf: {type: OS::Mistral::Workflow, properties: {type: direct, tasks: [{name: t, action: a, "
        "policies: {timeout: 6}, timeout: 5}]}}",
        "timeout",
    ),
    # Heat 27.0.1: AccessPolicy resource nope not in stack
    (
        "w: {type: OS::Heat::WaitConditionHandle}\np: {type: OS::Heat::AccessPolicy, properties: {AllowedResources: [w, nope]}}",
        "nope",
    ),
    # Heat 27.0.1: Resource s's property user_data_format should be set to SOFTWARE_CONFIG since ...
    (
        "s: {type: OS::Nova::Server, properties: {flavor: f, image: i}}\nd: {type: OS::Heat::SoftwareDeployment, properties: {server: s}}",
        "server",
    ),
    # Heat 27.0.1: deployments key not allowed in resource metadata with user_data_format of SOFTWARE_CONFIG
    (
        "s: {type: OS::Nova::Server, metadata: {deployments: []}, "
        "properties: {flavor: f, image: i, user_data_format: SOFTWARE_CONFIG}}",
        "deployments",
    ),
    # Heat 27.0.1: Neither image nor bootable volume is specified for instance s (no properties at all: the type)
    ("s: {type: OS::Nova::Server}", "OS::Nova::Server"),
]


@pytest.mark.parametrize(("resources", "covered"), WHERE)
def test_where_the_finding_points(resources: str, covered: str):
    text = template(resources)
    found = errors(text)
    assert found, resources
    assert text[found[0].start : found[0].end] == covered
    if covered == "timeout":  # the second `timeout`, under policies
        assert found[0].start == text.index("timeout")


# Values Heat only knows when the stack is created say nothing (each is refused when the value is literal).
UNSETTLED = [
    "s: {type: OS::Nova::Server, properties: {flavor: f, image: {get_param: image}}}",
    "s: {type: OS::Nova::Server, properties: {flavor: f, block_device_mapping_v2: {get_param: disks}}}",
    "s: {type: OS::Neutron::Subnet, properties: {network: n, cidr: {get_param: cidr}}}",
    "s: {type: OS::Neutron::Subnet, properties: {get_param: subnet}}",
    "s: {type: OS::Neutron::Subnet, properties: {network: n, subnetpool: {get_param: pool}, cidr: {get_param: cidr}}}",
    "s: {type: OS::Nova::Server, properties: {flavor: f, image: i}}\n"
    "d: {type: OS::Heat::SoftwareDeployment, properties: {server: {get_param: server}}}",
    "g: {type: OS::Heat::ResourceGroup, properties: {count: {get_param: n}, "
    "resource_def: {type: OS::Neutron::Subnet, properties: {network: n}}}}",
    "v: {type: OS::Cinder::Volume, properties: {backup_id: {get_param: backup}}}",
]


@pytest.mark.parametrize("resources", UNSETTLED)
def test_values_functions_give_are_not_judged(resources: str):
    header = (
        HEADER
        + "parameters:\n"
        + "".join(
            f"  {name}: {{type: {kind}}}\n"
            for name, kind in (("image", "string"), ("disks", "json"), ("cidr", "string"), ("subnet", "json"))
            + (("pool", "string"), ("server", "string"), ("n", "number"), ("backup", "string"))
        )
    )
    assert e3026(template(resources, header)) == []


def test_a_resource_heat_leaves_out_gets_a_warning():
    # Heat 27.0.1: accepted (a resource whose condition is false is never validated)
    text = template("s: {type: OS::Nova::Server, condition: false, properties: {flavor: f}}")
    [found] = e3026(text)
    assert found.severity_name == "warning"
    assert found.message.startswith("Neither image nor bootable volume is specified for instance s")


def test_an_external_resource_is_not_validated():
    # Heat validates nothing of an external resource's definition (validate_external).
    assert e3026(template("s: {type: OS::Nova::Server, external_id: abc, properties: {flavor: f}}")) == []


def test_a_deployment_on_a_server_heat_leaves_out_says_nothing():
    # Heat 27.0.1: accepted (resource_by_refid only finds the resources of the stack)
    resources = (
        "s: {type: OS::Nova::Server, condition: false, properties: {flavor: f, image: i}}\n"
        "d: {type: OS::Heat::SoftwareDeployment, properties: {server: s}}"
    )
    assert e3026(template(resources)) == []


def test_types_resolve_through_the_environments(tmp_path: Path):
    # Heat 27.0.1, with the environment: Neither image nor bootable volume is specified for instance s
    (tmp_path / "alias.yaml").write_text('resource_registry:\n  "My::Server": "OS::Nova::Server"\n')
    # Heat 27.0.1, with the environment: accepted (the server is a placeholder)
    (tmp_path / "none.yaml").write_text('resource_registry:\n  "OS::Nova::Server": "OS::Heat::None"\n')
    aliased = Options(environment_paths=(str(tmp_path / "alias.yaml"),))
    mapped = Options(environment_paths=(str(tmp_path / "none.yaml"),))
    server = "s: {type: %s, properties: {flavor: f}}"
    [found] = errors(template(server % "My::Server"), aliased)
    assert found.message.startswith("Neither image nor bootable volume is specified for instance s")
    assert e3026(template(server % "OS::Nova::Server"), mapped) == []


def group(count: str, name: str) -> str:
    """A ResourceGroup of security groups named ``name``."""
    member = "{type: OS::Neutron::SecurityGroup, properties: {name: " + name + "}}"
    return template(
        "g: {type: OS::Heat::ResourceGroup, properties: {count: " + count + ", resource_def: " + member + "}}"
    )


def test_group_members_are_validated_in_their_nested_stack():
    # Heat 27.0.1: resources.g<nested_stack>: Security groups cannot be assigned the name "default".
    [found] = errors(group("2", "default"))
    assert "(a member of `g`: OS::Neutron::SecurityGroup's own validation)" in found.message
    # Heat 27.0.1: accepted (no member), and accepted (the name differs from member to member)
    assert e3026(group("0", "default")) == []
    assert e3026(group("2", "'default%index%'")) == []
    # Heat 27.0.1: resources.g<nested_stack>: Neither image nor bootable volume is specified for instance <random>
    member = "{type: OS::Nova::Server, properties: {flavor: f}}"
    [found] = errors(
        template(
            "g: {type: OS::Heat::AutoScalingGroup, properties: {min_size: 1, max_size: 2, resource: " + member + "}}"
        )
    )
    assert found.message.startswith("Neither image nor bootable volume is specified for instance <random name>")


def test_the_command_line_reports_it(tmp_path: Path):
    (tmp_path / "subnet.yaml").write_text(template("subnet: {type: OS::Neutron::Subnet, properties: {network: n}}"))
    result = subprocess.run(
        [sys.executable, "-m", "hot_lsp", "check", "subnet.yaml", "--format", "json"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},  # this checkout's hot_lsp, whichever is installed
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1
    [item] = json.loads(result.stdout)
    assert item["code"] == "E3026"
    # Heat 27.0.1: At least one of the following properties must be specified: subnetpool, cidr.
    assert item["message"].startswith("At least one of the following properties must be specified: subnetpool, cidr.")
    assert item["range"]["start"] == {"line": 2, "character": 38}  # the `properties` key
