"""The shapes ``hot_lsp/cloud/answers.py`` takes for Heat's are the real Heat 27.0.1's, odd templates included: an
answer that passes the check is Heat's, and no answer of Heat's is taken for a broken cloud (issue 27)."""

from __future__ import annotations

from typing import Any

from live_support import LiveHeat

from hot_lsp.cloud import answers

ODD = {
    "heat_template_version": "2021-04-16",
    "description": ["a", "list"],  # Heat never type-checks description: it comes back as given
    "parameters": {"p": {"type": "string", "default": "x"}},
    "parameter_groups": [{"parameters": ["p"]}],
    "resources": {"none": {"type": "OS::Heat::None"}},
}
EMPTY = {"heat_template_version": "2021-04-16"}


def heats(live_heat: LiveHeat, method: str, path: str, body: Any = None) -> Any:
    answer = live_heat.request(method, path, json=body)
    assert 200 <= answer.status < 300, (path, answer.status, answer.body)
    return answer.body


def test_every_answer_of_the_real_heat_has_the_shape_taken_for_heats(live_heat: LiveHeat) -> None:
    for template in (ODD, EMPTY):
        found = heats(live_heat, "POST", "validate", {"template": template})
        assert answers.shape_problem(answers.VALIDATE, found) == "", found
        found = heats(live_heat, "POST", "stacks/preview", {"stack_name": "shapes", "template": template})
        assert answers.shape_problem(answers.CREATE_PREVIEW, found) == "", found
    listed = heats(live_heat, "GET", "resource_types")
    assert answers.shape_problem(answers.RESOURCE_TYPES, listed) == ""
    for name in ("OS::Heat::None", "OS::Heat::ResourceGroup", live_heat.cloud_only_type):
        found = heats(live_heat, "GET", f"resource_types/{name}?with_description=true")
        assert answers.shape_problem(answers.TYPE_SCHEMA, found) == "", (name, found)
    assert answers.shape_problem(answers.BUILD_INFO, heats(live_heat, "GET", "build_info")) == ""


def test_a_stacks_answers_have_the_shapes_taken_for_heats(live_heat: LiveHeat) -> None:
    name = live_heat.stack_name("shapes")
    stack = live_heat.create_stack(name, ODD)
    try:
        found = heats(live_heat, "GET", f"stacks/{name}")  # a redirect to stacks/NAME/ID, followed
        assert answers.shape_problem(answers.STACK, found) == "", found
        listed = heats(live_heat, "GET", f"stacks/{name}/{stack['id']}/resources?nested_depth=2")
        assert answers.shape_problem(answers.RESOURCES, listed) == "", listed
        for template in (EMPTY, ODD):
            path = f"stacks/{name}/{stack['id']}/preview?show_nested=true"
            found = heats(live_heat, "PUT", path, {"template": template})
            assert answers.shape_problem(answers.UPDATE_PREVIEW, found) == "", found
    finally:
        live_heat.delete_stack(name)
