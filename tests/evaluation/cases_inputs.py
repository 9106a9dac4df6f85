"""Precedence and parsing of parameter inputs (facts §3e; environments and -P values as python-heatclient sends them)."""

from .case_format import Case

P = {"p": {"type": "string", "default": "from-default"}}
N = {"n": {"type": "number"}}
B = {"b": {"type": "boolean"}}
L = {"l": {"type": "comma_delimited_list"}}
J = {"j": {"type": "json"}}


def _c(name, snippet="{get_param: p}", version="wallaby", **kw):
    return Case(id=f"inputs/{name}", version=version, snippet=snippet, **kw)


CASES = [
    _c("default-only", parameters=P, note="a parameter default is used when nothing else is given"),
    _c(
        "env-parameter-defaults",
        parameters=P,
        environments=({"parameter_defaults": {"p": "from-pd"}},),
        note="environment parameter_defaults override the template default",
    ),
    _c(
        "env-parameters-over-defaults",
        parameters=P,
        environments=({"parameters": {"p": "from-env"}, "parameter_defaults": {"p": "from-pd"}},),
        note="environment parameters override parameter_defaults",
    ),
    _c(
        "values-over-env",
        parameters=P,
        values={"p": "from-cli"},
        environments=({"parameters": {"p": "from-env"}, "parameter_defaults": {"p": "from-pd"}},),
        note="environment parameters override -P values: the engine merges the files over the request's parameters",
    ),
    _c(
        "values-merged-with-env",
        parameters=P,
        values={"p": "cli-"},
        environments=({"parameters": {"p": "env"}, "parameter_merge_strategies": {"p": "merge"}},),
        note="under merge, an environment's parameters entry is appended to the -P value",
    ),
    _c(
        "values-kept-without-env-entry",
        parameters=P,
        values={"p": "from-cli"},
        environments=({"parameter_defaults": {"p": "from-pd"}},),
        note="-P values override parameter_defaults when no environment file sets parameters",
    ),
    _c(
        "later-env-wins",
        parameters=P,
        environments=({"parameters": {"p": "env0"}}, {"parameters": {"p": "env1"}}),
        note="several environments apply in order, the later wins",
    ),
    _c(
        "later-env-defaults-lose-to-earlier-parameters",
        parameters=P,
        environments=({"parameters": {"p": "env0"}}, {"parameter_defaults": {"p": "env1-pd"}}),
        note="parameters beat parameter_defaults whichever environment holds them",
    ),
    _c(
        "defaults-supply-missing",
        parameters={"q": {"type": "string"}},
        snippet="{get_param: q}",
        environments=({"parameter_defaults": {"q": "pd"}},),
        note="parameter_defaults satisfy a parameter with no default",
    ),
    _c(
        "value-for-unknown-parameter",
        parameters=P,
        values={"other": "x"},
        note="a user value for a parameter the template lacks is rejected",
    ),
    _c("number-from-string", "{get_param: n}", parameters=N, values={"n": "42"}, note="§3e number: '42' → 42"),
    _c(
        "number-env-int",
        "{get_param: n}",
        parameters=N,
        environments=({"parameters": {"n": 8}},),
        note="§3e number: an int in an environment stays int",
    ),
    _c("number-bad", "{get_param: n}", parameters=N, values={"n": "abc"}, note="§3e number: 'abc' is rejected"),
    _c("boolean-true-string", "{get_param: b}", parameters=B, values={"b": "true"}, note="§3e boolean: 'true'"),
    _c("boolean-bad", "{get_param: b}", parameters=B, values={"b": "maybe"}, note="§3e boolean: 'maybe' is rejected"),
    _c(
        "cdl-from-string",
        "{get_param: l}",
        parameters=L,
        values={"l": "a, b,,c"},
        note="§3e comma_delimited_list: no trimming, empty items kept",
    ),
    _c(
        "cdl-env-list",
        "{get_param: l}",
        parameters=L,
        environments=({"parameters": {"l": ["x", 2]}},),
        note="§3e comma_delimited_list: list items from an environment become str",
    ),
    _c(
        "json-from-string",
        "{get_param: j}",
        parameters=J,
        values={"j": '{"a": [1, {"b": null}]}'},
        note="§3e json: a string value is json.loads'd",
    ),
    _c(
        "json-env-map",
        "{get_param: [j, a]}",
        parameters=J,
        environments=({"parameters": {"j": {"a": "x"}}},),
        note="§3e json: a map from an environment is kept",
    ),
    _c("json-bad", "{get_param: j}", parameters=J, values={"j": "{nope"}, note="§3e json: invalid JSON is rejected"),
    _c(
        "allowed-values-violated",
        parameters={"p": {"type": "string", "default": "a", "constraints": [{"allowed_values": ["a", "b"]}]}},
        values={"p": "c"},
        note="§3f: a value outside allowed_values is rejected",
    ),
    _c(
        "range-violated",
        "{get_param: n}",
        parameters={"n": {"type": "number", "constraints": [{"range": {"min": 1, "max": 5}}]}},
        values={"n": "9"},
        note="§3f: a number outside its range is rejected",
    ),
    _c(
        "default-violates-constraint",
        parameters={"p": {"type": "string", "default": "abcdef", "constraints": [{"length": {"max": 3}}]}},
        note="§3f: the default is validated against the constraints too",
    ),
    _c(
        "value-replaces-bad-default",
        parameters={"p": {"type": "string", "default": "abcdef", "constraints": [{"length": {"max": 3}}]}},
        values={"p": "abc"},
        note="§3f: the default is checked against its constraints even when a value is supplied",
    ),
]

# Heat (environment_util.merge_environments) refuses two environments that give one parameter different merge
# strategies. Not recorded (the recorder does not send environments' merge strategies): the message is Heat's.
CASES.append(
    _c(
        "conflicting-merge-strategies",
        parameters=L,
        snippet="{get_param: l}",
        environments=(
            {"parameter_defaults": {"l": "a"}, "parameter_merge_strategies": {"l": "merge"}},
            {"parameter_defaults": {"l": "b"}, "parameter_merge_strategies": {"l": "overwrite"}},
        ),
        record=False,
        expect={"error": "Conflicting merge strategy 'overwrite' for parameter 'l'"},
        note="two environments give one parameter different merge strategies",
    )
)
