"""8xxx: faults found by evaluation, with the parameter values that cause them."""

from __future__ import annotations

import textwrap

import pytest

from hot_lsp.analysis.evaluation.inputs import EnvironmentValues, Inputs
from hot_lsp.analysis.validate import Options, analyze
from hot_lsp.document.problems import ERROR, WARNING
from tests.helpers import findings_with

HEAD = "heat_template_version: wallaby\n"


def found(snippet: str, inputs: Inputs | None = None) -> list[tuple[str, int, str, str]]:
    """(code, severity, covered text, message) of each 8xxx diagnostic."""
    text = HEAD + textwrap.dedent(snippet).lstrip("\n")
    result = analyze(text, Options(inputs=inputs))
    return [(d.code, d.severity, text[d.start : d.end], d.message) for d in result.diagnostics if d.code[1] == "8"]


FAILING = [
    (
        "E8001",
        """
        parameters:
          l: {type: comma_delimited_list, default: 'x,y'}
        outputs:
          o:
            value:
              repeat:
                for_each: {'%a%': {get_param: l}, '%b%': [z]}
                permutations: false
                template: '%a%%b%'
        """,
    ),
    (
        "W8002",
        """
        outputs:
          o:
            value:
              repeat:
                for_each: {'%a%': [x, y], '%b%': [z]}
                template: '%b%'
        """,
    ),
    (
        "E8003",
        """
        parameters:
          s: {type: string, default: abc}
        outputs:
          o:
            value:
              repeat:
                for_each: {'%a%': {get_param: s}}
                template: '%a%'
        """,
    ),
    ("E8004", 'outputs:\n  o: {value: {str_split: [",", "a,b", 2]}}'),
    ("E8004", 'outputs:\n  o: {value: {str_split: [",", "a,b", -3]}}'),
    (
        "E8005",
        "parameters:\n  alg: {type: string, default: sha999}\noutputs:\n  o: {value: {digest: [{get_param: alg}, x]}}",
    ),
    (
        "E8006",
        "parameters:\n  t: {type: string, default: abc}\n"
        "outputs:\n  o: {value: {str_replace_strict: {template: {get_param: t}, params: {x: y}}}}",
    ),
    (
        "E8007",
        "parameters:\n  v: {type: string, default: ''}\n"
        "outputs:\n  o: {value: {str_replace_vstrict: {template: abc, params: {a: {get_param: w}}}}}\n"
        "  p: {value: {str_replace_vstrict: {template: abc, params: {a: {list_concat: [[], []]}}}}}",
    ),
    (
        "E8008",
        "conditions:\n  c: {yaql: {expression: '$.data', data: text}}\noutputs:\n  o: {value: 1, condition: c}",
    ),
    (
        "E8010",
        "parameters:\n  e: {type: string, default: '$.data.'}\n"
        "outputs:\n  o: {value: {yaql: {expression: {get_param: e}, data: {}}}}",
    ),
]


@pytest.mark.parametrize(("code", "snippet"), FAILING, ids=[f"{c}-{i}" for i, (c, _) in enumerate(FAILING)])
def test_failing(code: str, snippet: str) -> None:
    assert code in [c for c, *_ in found(snippet)]


def test_passing_templates_have_no_evaluation_findings() -> None:
    assert (
        found(
            """
            parameters:
              names: {type: comma_delimited_list, default: 'a,b'}
              env: {type: string, default: dev}
            conditions:
              prod: {equals: [{get_param: env}, prod]}
            resources:
              server:
                type: OS::Nova::Server
                properties:
                  name: {str_replace_strict: {template: srv-$e, params: {$e: {get_param: env}}}}
                  networks:
                    repeat:
                      for_each: {'%n%': {get_param: names}}
                      template: {network: '%n%'}
                  flavor: {if: [prod, large, small]}
            outputs:
              part: {value: {str_split: [",", "a,b", 1]}}
              url: {value: {make_url: {scheme: https, host: example.com, port: 443}}}
            """
        )
        == []
    )


def test_a_fault_the_static_rules_report_is_not_reported_again() -> None:
    # A literal str_split index is E4007's; the evaluation must not add E8004 at the same place.
    text = HEAD + "outputs:\n  o: {value: {str_replace_strict: {template: abc, params: {x: y}}}}\n"
    codes = [d.code for d in analyze(text).diagnostics]
    assert "E4007" in codes and "E8006" not in codes


def test_a_fault_the_defaults_cause_in_a_resource_is_an_error_naming_them() -> None:
    # Issue 14: Heat resolves an enabled resource's properties with the defaults before it creates the stack.
    # Heat 27.0.1: "Property error: resources.r.properties.value: Incorrect index to "str_split" should be between
    # 0 and 1" (stack create refused).
    snippet = (
        "parameters:\n  i: {type: number, default: 5}\nresources:\n  r:\n    type: OS::Heat::Value\n"
        '    properties:\n      value: {str_split: [",", "a,b", {get_param: i}]}'
    )
    [(code, severity, covered, message)] = found(snippet)
    assert (code, severity) == ("E8004", ERROR)
    assert "with the default i = 5" in message
    assert covered == "{get_param: i}"


def test_a_fault_in_an_output_is_a_warning_the_stack_is_created() -> None:
    # Heat 27.0.1 creates the stack; `openstack stack output show` gives the error.
    snippet = 'parameters:\n  i: {type: number, default: 5}\noutputs:\n  o: {value: {str_split: [",", "a,b", {get_param: i}]}}'
    [(code, severity, _, message)] = found(snippet)
    assert (code, severity) == ("E8004", WARNING)
    assert "with the default i = 5" in message and "output show" in message


def test_a_value_from_an_environment_is_used_like_a_default() -> None:
    snippet = (
        "parameters:\n  i: {type: number, default: 1}\nresources:\n  r:\n    type: OS::Heat::Value\n"
        '    properties:\n      value: {str_split: [",", "a,b", {get_param: i}]}'
    )
    assert found(snippet) == []
    inputs = Inputs(environments=(EnvironmentValues.from_mapping("env.yaml", {"parameters": {"i": 7}}),))
    [(code, severity, _, message)] = found(snippet, inputs)
    assert (code, severity) == ("E8004", ERROR)
    assert message == 'Incorrect index to "str_split" should be between 0 and 1'


def test_a_parameter_without_a_value_leaves_the_fault_unknown() -> None:
    snippet = (
        "parameters:\n  i: {type: number}\nresources:\n  r:\n    type: OS::Heat::Value\n"
        '    properties:\n      value: {str_split: [",", "a,b", {get_param: i}]}'
    )
    assert found(snippet) == []


def test_an_empty_default_is_a_placeholder_and_reports_nothing() -> None:
    # TripleO's EndpointMap: {} by default, always passed by the parent.
    snippet = """
    parameters:
      EndpointMap: {type: json, default: {}}
    outputs:
      url:
        value:
          make_url:
            scheme: {get_param: [EndpointMap, Api, protocol]}
            host: {get_param: [EndpointMap, Api, host]}
            port: {get_param: [EndpointMap, Api, port]}
    """
    assert found(snippet) == []


def test_a_fault_in_a_branch_heat_never_takes_is_not_reported() -> None:
    snippet = """
    outputs:
      o: {value: {if: [false, {str_split: [",", "a", {get_param: i}]}, ok]}}
    parameters:
      i: {type: number, default: 9}
    """
    assert found(snippet) == []


def test_a_repeat_over_a_million_items_stops_with_a_warning() -> None:
    hundred = "[" + ", ".join(f"'x{i}'" for i in range(100)) + "]"
    snippet = f"""
    outputs:
      o:
        value:
          repeat:
            for_each: {{'%a%': {hundred}, '%b%': {hundred}, '%c%': {hundred}}}
            template: '%a%-%b%-%c%'
    """
    [(code, severity, _, message)] = found(snippet)
    assert (code, severity) == ("W8009", WARNING)
    assert "1,000,000 items" in message


def test_findings_cover_the_call() -> None:
    assert findings_with(
        HEAD + 'parameters:\n  t: {type: string, default: "a"}\n'
        "outputs:\n  o: {value: {str_replace_strict: {template: {get_param: t}, params: {b: c}}}}\n",
        "E8006",
    ) == ["{str_replace_strict: {template: {get_param: t}, params: {b: c}}}"]
