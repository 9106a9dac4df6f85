"""The evaluator's bounds and run-time values: it never hangs, never recurses for ever, and keeps
what only a running stack knows in call form."""

from __future__ import annotations

import textwrap
import time

from hot_lsp.analysis.evaluation.render import render
from hot_lsp.analysis.validate import analyze


def rendered(snippet: str, version: str = "wallaby") -> dict:
    text = f"heat_template_version: {version}\n" + textwrap.dedent(snippet).lstrip("\n")
    return render(analyze(text))


def timed(snippet: str) -> tuple[dict, float]:
    start = time.perf_counter()
    result = rendered(snippet)
    return result, time.perf_counter() - start


def test_run_time_values_stay_in_call_form_and_flow_through_functions() -> None:
    result = rendered(
        """
        parameters:
          secret: {type: string}
        resources:
          port: {type: OS::Neutron::Port}
          server: {type: OS::Nova::Server}
        outputs:
          joined: {value: {list_join: [",", [{get_attr: [server, first_address]}, b]]}}
          replaced: {value: {str_replace: {template: id=$p, params: {$p: {get_resource: port}}}}}
          repeated:
            value: {repeat: {for_each: {'%n%': {get_attr: [server, networks]}}, template: 'net-%n%'}}
          stack: {value: {get_param: OS::stack_id}}
          missing: {value: {get_param: secret}}
        """
    )
    outputs = result["outputs"]
    assert outputs["joined"] == {"list_join": [",", [{"get_attr": ["server", "first_address"]}, "b"]]}
    assert outputs["replaced"] == {"str_replace": {"template": "id=$p", "params": {"$p": {"get_resource": "port"}}}}
    assert outputs["repeated"] == {
        "repeat": {"for_each": {"%n%": {"get_attr": ["server", "networks"]}}, "template": "net-%n%"}
    }
    assert outputs["stack"] == {"get_param": "OS::stack_id"}
    assert outputs["missing"] == {"get_param": "secret"}
    assert {"path": "parameters.secret", "message": "The Parameter (secret) was not provided."} in result["errors"]


def test_an_if_on_a_condition_known_only_at_deploy_time_keeps_both_branches() -> None:
    result = rendered(
        """
        parameters:
          env: {type: string}
        conditions:
          prod: {equals: [{get_param: env}, prod]}
        outputs:
          size: {value: {if: [prod, large, small]}}
        """
    )
    assert result["conditions"] == {"prod": None}
    assert result["outputs"]["size"] == {"if": ["prod", "large", "small"]}


def test_a_repeat_of_a_repeat_stops_at_the_item_bound_quickly() -> None:
    items = "[" + ", ".join(f"'x{i}'" for i in range(150)) + "]"
    result, seconds = timed(
        f"""
        outputs:
          o:
            value:
              repeat:
                for_each: {{'%a%': {items}}}
                template:
                  repeat:
                    for_each: {{'%b%': {items}}}
                    template: '%a%%b%'
        """
    )
    assert seconds < 2
    assert any("over hot-lsp's bound of 10,000" in e["message"] for e in result["errors"])


def test_nesting_over_a_hundred_levels_stops() -> None:
    value = "x"
    for _ in range(150):
        value = f"{{list_concat: [[{value}]]}}"
    result, seconds = timed(f"outputs:\n  o: {{value: {value}}}\n")
    assert seconds < 2
    assert any("deeper than 100 levels" in e["message"] for e in result["errors"])


def test_a_yaql_expression_that_runs_long_is_stopped_by_its_budget() -> None:
    expression = "range(200).select(range(200).select(range(200).select(range(200).sum()).sum()).sum()).sum()"
    result, seconds = timed(f"outputs:\n  o: {{value: {{yaql: {{expression: '{expression}', data: {{}}}}}}}}\n")
    assert seconds < 3
    assert any("ran longer than 0.5 s" in e["message"] for e in result["errors"])


def test_yaql_keeps_heats_iterator_and_memory_limits() -> None:
    result = rendered("outputs:\n  a: {value: {yaql: {expression: 'range(1000)', data: {}}}}\n")
    assert any("Collection length exceeds 200 elements" in e["message"] for e in result["errors"])


def test_cyclic_conditions_are_reported_not_recursed() -> None:
    result, seconds = timed(
        """
        conditions:
          a: {not: b}
          b: {and: [a, true]}
        outputs:
          o: {value: {if: [a, 1, 2]}, condition: b}
        """
    )
    assert seconds < 1
    assert result["conditions"] == {"a": None, "b": None}
    assert any("Circular definition" in e["message"] for e in result["errors"])


def test_a_self_doubling_string_stops_at_the_text_bound() -> None:
    value = "{get_param: s}"
    for _ in range(30):
        value = f"{{str_replace: {{template: $x$x, params: {{$x: {value}}}}}}}"
    result, seconds = timed(
        f"parameters:\n  s: {{type: string, default: abcdefgh}}\noutputs:\n  o: {{value: {value}}}\n"
    )
    assert seconds < 2
    assert any("1,000,000 characters" in e["message"] for e in result["errors"])
