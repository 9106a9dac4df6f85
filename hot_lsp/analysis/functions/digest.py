"""digest: the hexadecimal hash of a string (Digest, 2015-04-30; facts §4 digest)."""

from __future__ import annotations

import hashlib
from typing import Any

from ... import spec
from ...document import QuickFix, Scalar, Sequence
from ..suggest import did_you_mean
from ..values.problems import HeatError, Unknown
from .base import Call, CallSite, Evaluating, HeatFunction
from .checking import ArgumentChecker, describe, is_str, quote_advice
from .common import items, need


def list_of_strings(name: str) -> str:
    return f'Argument to function "{name}" must be a list of strings'


def usage(name: str) -> str:
    return f'Function "{name}" usage: ["<algorithm>", "<value>"]'


def check(c: ArgumentChecker, call: CallSite) -> None:
    args = call.args
    if c.fn(args):
        return
    if not isinstance(args, Sequence):
        c.bad(
            call, c.whole(call), f"takes a list [algorithm, value], not {describe(args)}.", list_of_strings(call.name)
        )
        return
    for item in args.items:
        if not c.fn(item) and not is_str(item):
            c.bad(
                call, item, f"takes two strings, not {describe(item)}{quote_advice(item)}.", list_of_strings(call.name)
            )
            return
    if len(args.items) != 2:
        c.bad(call, c.whole(call), "takes exactly [algorithm, value].", usage(call.name))
        return
    algorithm, value = args.items
    if isinstance(algorithm, Scalar) and isinstance(algorithm.value, str):
        _check_algorithm(c, call, algorithm)
    if isinstance(value, Scalar) and isinstance(value.value, str):
        try:
            value.value.encode("latin-1")
        except UnicodeEncodeError:
            c.bad(call, value, "the value must only hold Latin-1 characters; Heat fails to encode this one.")


def _check_algorithm(c: ArgumentChecker, call: CallSite, algorithm: Scalar) -> None:
    name = algorithm.value.lower()
    if name in spec.BROKEN_DIGEST_ALGORITHMS:
        c.bad(
            call,
            algorithm,
            f"{algorithm.value} passes Heat's check but fails when evaluated (its digest needs a length); "
            "use sha256, sha512 or a sha3 variant.",
            data=QuickFix(suggestions=["sha256", "sha512"]),
        )
    elif name not in spec.HOT_DIGEST_ALGORITHMS:
        usable = sorted(spec.HOT_DIGEST_ALGORITHMS - spec.BROKEN_DIGEST_ALGORITHMS)
        suggestions = did_you_mean(name, usable, 3, 0.5)
        hint = f" Did you mean {', '.join(suggestions)}?" if suggestions else ""
        c.bad(
            call,
            algorithm,
            f"{algorithm.value!r} is not a hash algorithm Heat's hashlib provides.{hint} Common: md5, sha1, sha256, sha512.",
            data=QuickFix(suggestions=suggestions),
        )


def evaluate(ev: Evaluating, call: Call) -> Any:
    """Digest: [algorithm, value], the value encoded as latin-1, a hex digest."""
    args = need(ev.argument(call.args, call.path, call.context))
    if not (isinstance(args, list) and all(isinstance(a, str) for a in args)):
        raise HeatError(list_of_strings(call.name), "E8000")
    if len(args) != 2:
        raise HeatError(usage(call.name), "E8000")
    algorithm, text = args
    written = items(call.args)
    node = written[0] if written else None
    if algorithm.lower() not in spec.HOT_DIGEST_ALGORITHMS:
        raise HeatError(f"Algorithm must be one of {sorted(spec.HOT_DIGEST_ALGORITHMS)}", "E8005", node)
    if algorithm in spec.BROKEN_DIGEST_ALGORITHMS:
        raise HeatError("hexdigest() missing required argument 'length' (pos 1)", "E8005", node)
    try:
        hashed = hashlib.new(algorithm)
    except ValueError:
        raise Unknown from None  # known to Heat's host, not to this one
    try:
        hashed.update(text.encode("latin-1"))
    except UnicodeEncodeError as exc:
        raise HeatError(str(exc), "E8000") from None
    return hashed.hexdigest()


DIGEST = HeatFunction("digest", evaluate=evaluate, check=check)
